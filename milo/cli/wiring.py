"""Settings -> a ready `Milo`: the memory, the persona, the conversation, the body, the model.

The one place the parts are put together; every front end (chat, prompt, voice) uses it.
"""

from __future__ import annotations

from typing import Callable

from milo.config import Settings


def build_milo(settings: Settings, with_model: bool = True, notice: Callable[[str], None] = lambda s: None):
    """Raises a MiloError (one sentence) when a part cannot be set up."""
    from milo.body.cli import make_body
    from milo.chat.models import NoModel, choose_model, memory_budget
    from milo.chat.persona import Persona
    from milo.chat.turn import Milo
    from milo.memory import open_memory
    from milo.sessions import SessionMemory

    persona = Persona.load(settings.persona_file, settings.prompts_dir, user_name=settings.user_name, name=settings.persona_name)
    memory = open_memory(settings=settings.with_changes(memory_tokens=memory_budget(settings)))
    memory.check_readable()  # fail now, with one sentence, if the path is a directory or unreadable (cheap: no index)
    body = make_body(settings, notice=notice) if with_model else None
    model = choose_model(settings) if with_model else NoModel.like(settings)
    return Milo(model, memory, persona, history=SessionMemory.from_settings(settings), body=body,
                timeout=model.timeout, retries=settings.retries)
