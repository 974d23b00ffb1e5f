"""Talking with Milo: one turn through one LangChain chain.

    persona   the prompt: persona by example, format, memory, the recent conversation
    tags      the tagged answer format and its output parser (MiloTagParser -> TaggedAnswer)
    chain     `prompt | model | parser`
    models    which chat model answers (embedded, Gemini, Ollama, OpenAI-compatible)
    embedded  the embedded model: llama.cpp in-process
    failures  a failed model call as one plain sentence; the Ctrl-C guard
    turn      Milo.turn: the one place a turn happens, used by every front end
"""
