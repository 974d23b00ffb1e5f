"""When the model fails: one plain sentence for the user, and whether retrying may help.

Also the Ctrl-C guard around the etch: once a reply was shown, what it etches lands whole.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

from milo.config import redact

LOST_THREAD = "Oh! I completely lost my train of thought there. Could you say that again?"


class ModelFailure(Exception):
    def __init__(self, sentence: str, transient: bool):
        super().__init__(sentence)
        self.sentence = sentence
        self.transient = transient


def classify(exc: BaseException, where: str = "", timeout: float = 0) -> ModelFailure:
    """Turn a provider's exception into one plain sentence, and whether retrying may help."""
    name = type(exc).__name__
    # langchain-google-genai re-raises the SDK's error (which has the status) as its own type.
    chain = _causes(exc)
    status = next((s for s in map(_status, chain) if isinstance(s, int)), None)
    place = f" at {redact(where)}" if where else ""
    if isinstance(status, int):
        if status == 429:
            return ModelFailure(f"The model{place} is rate-limiting requests (HTTP 429); wait a minute and try again.", True)
        if status >= 500:
            return ModelFailure(f"The model server{place} had an internal error (HTTP {status}).", True)
        # Google answers a bad key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID.
        if status in (401, 403) or any("API_KEY_INVALID" in str(e) for e in chain):
            return ModelFailure(f"The model{place} refused the API key (HTTP {status}); check GOOGLE_API_KEY or MILO_API_KEY.", False)
        if status == 404:
            return ModelFailure(f"The model server{place} does not know that model (HTTP 404); check the name given to --model.", False)
        if 400 <= status < 500:
            return ModelFailure(f"The model server{place} rejected the request (HTTP {status}).", False)
    if "Timeout" in name or isinstance(exc, TimeoutError):
        secs = f" within {timeout:g} second{'' if timeout == 1 else 's'}" if timeout else ""
        return ModelFailure(f"The model{place} did not answer{secs}; it may be overloaded (raise MILO_TIMEOUT if it is just slow).", True)
    if isinstance(exc, ValueError) or "Decode" in name or "Validation" in name:
        return ModelFailure(f"The model server{place} sent an answer that could not be read.", True)
    if "Connect" in name or isinstance(exc, ConnectionError):
        return ModelFailure(f"Cannot reach the model server{place}; is it running? (check --base-url, MILO_BASE_URL or OLLAMA_HOST).", True)
    if name == "APIError":  # openai: an error event inside the stream, without a status
        return ModelFailure(f"The model server{place} stopped its answer with an error.", True)
    return ModelFailure(f"The model call failed ({name}).", False)


def _causes(exc: BaseException) -> list[BaseException]:
    chain: list[BaseException] = []
    while exc is not None and exc not in chain and len(chain) < 5:
        chain.append(exc)
        exc = exc.__cause__  # `raise ... from e` only: a wrapper, not an error met while handling another
    return chain


def _status(exc: BaseException):
    status = getattr(exc, "status_code", None) or getattr(exc, "code", None)
    if status is None and getattr(exc, "response", None) is not None:
        status = getattr(exc.response, "status_code", None)
    if isinstance(status, str) and status.isdigit():
        status = int(status)  # an error sent inside the stream: openai's APIError keeps its code as text
    return status


@contextmanager
def deferred_interrupt():
    """Hold Ctrl-C (SIGINT) until the block is done, then raise it as usual."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending = []
    previous = signal.signal(signal.SIGINT, lambda *a: pending.append(a))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if pending:
            raise KeyboardInterrupt
