"""Milo: a persona chatbot with a living memory, for a Reachy Mini desk robot."""

__version__ = "0.1.0"
