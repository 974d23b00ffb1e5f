"""A head that talks (milo.body.speech, issue 24): while a reply is heard, the robot's head follows
the loudness of the audio, through the body's one worker, within the safe ranges. Real speech
(espeak-ng through pyttsx3), the real Reachy Mini daemon in its headless simulation with the pose
read back by an independent SDK client while the head moves, the voice's Mouth reporting each
sentence's audio to a real WAV file sink."""

import math
import threading
import time
from array import array

import pytest
from robot_daemon import HAVE_REACHY, WHY_NOT, daemon_fixture
from virtual_audio import have

from milo.body import Body, ConsoleRobot, limits, make_call
from milo.body.robots import NEUTRAL, Robot
from milo.body.speech import LISTEN_ANTENNAS, PITCH_LOUD, THINK_ANTENNAS, THINK_PITCH, THINK_ROLL, WINDOW_S, SpeechMotion, envelope

daemon = daemon_fixture(scope="module")
RATE = 16000
LISTEN_S_MARGIN = 0.5  # the listening pose's own move, after the breathing has ended
SPEECH = "Hello there! I was just thinking about clouds, and how they drift along so slowly."


class Recorder(Robot):
    def _send(self, step):
        step.reached = step.target


def correlation(a, b) -> float:
    """Pearson correlation of two series of the same length."""
    import numpy as np

    return float(np.corrcoef(a, b)[0, 1])


def tone(seconds: float, amplitude: float) -> bytes:
    n = int(seconds * RATE)
    return array("h", (int(amplitude * 32767 * math.sin(2 * math.pi * 220 * i / RATE)) for i in range(n))).tobytes()


def spoken(text: str = SPEECH) -> tuple[bytes, int]:
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    tts = Pyttsx3Tts()
    try:
        return tts.synth(text)
    finally:
        tts.close()


def test_the_envelope_follows_loudness_and_a_pause_is_rest():
    levels = envelope(tone(0.5, 0.8) + tone(0.5, 0.0) + tone(0.5, 0.2), RATE)
    assert len(levels) == 6
    assert levels[0] == levels[1] == 1.0 and levels[2] == levels[3] == 0.0 and 0.2 < levels[4] < 0.3
    assert envelope(b"", RATE) == [] and set(envelope(tone(0.5, 0.001), RATE)) == {0.0}


def test_the_head_follows_the_audio_within_the_limits_and_comes_back_level():
    robot = Recorder()
    motion = SpeechMotion.from_pcm(tone(0.5, 0.9) + tone(0.5, 0.1) + tone(0.5, 0.5), RATE)
    status = motion.run(robot)
    assert status.kind == "ambient" and status.ok and "1.5 s of speech" in status
    steps = list(robot.trace)
    assert len(steps) == len(motion.levels) + 1
    pitches = [-s.target.pitch for s in steps[:-1]]
    assert correlation(pitches, motion.levels) > 0.99 and min(s.target.pitch for s in steps) >= PITCH_LOUD
    for s in steps:
        assert s.target.pitch in limits.HEAD_PITCH and s.target.roll in limits.HEAD_ROLL and s.duration == WINDOW_S
    assert robot.target == NEUTRAL


def test_the_body_s_one_worker_owns_it_after_a_gesture_and_says_nothing_of_it():
    said = []
    robot = Recorder()
    body = Body(robot, on_status=said.append)
    try:
        body.perform([make_call("nod", {"times": 1})])
        future = body.speak_along(tone(1.0, 0.7), RATE)
        assert future is not None and future.result(10).kind == "ambient"
        kinds = [("nod" if s.duration == 0.25 and abs(s.target.pitch) in (15.0, 8.0) else "other") for s in robot.trace]
        assert kinds[:2] == ["nod", "nod"]  # the nod first, whole, then the speech motion
        assert said == ["nodded once"]  # the head moving along with speech is not news
        assert body.speak_along(tone(1.0, 0.0), RATE) is None  # silence: nothing to move
    finally:
        body.close()
    console = Body(ConsoleRobot(write=lambda s: None))
    try:
        assert console.speak_along(tone(1.0, 0.7), RATE) is None  # no robot: nothing to show or print
    finally:
        console.close()


@pytest.mark.skipif(not have("espeak-ng"), reason="espeak-ng is not installed")
def test_the_mouth_reports_each_sentence_s_audio_as_it_is_played(tmp_path):
    from milo.voice.events import Playing
    from milo.voice.mouth import Mouth
    from milo.voice.speaker import WavSink
    from milo.voice.tts.pyttsx3 import Pyttsx3Tts

    heard = []
    tts = Pyttsx3Tts()
    try:
        mouth = Mouth(tts, WavSink(str(tmp_path / "out.wav")), on_event=lambda e: heard.append(e) if isinstance(e, Playing) else None)
        mouth.say("Hello there!")
        mouth.say("Clouds drift slowly.")
        seconds = mouth.finish()
    finally:
        tts.close()
    assert len(heard) == 2 and all(e.rate > 0 and len(e.pcm) > e.rate for e in heard)
    assert abs(sum(len(e.pcm) / (2 * e.rate) for e in heard) - seconds) < 0.01


@pytest.mark.skipif(not HAVE_REACHY, reason=WHY_NOT or "reachy_mini available")
@pytest.mark.skipif(not have("espeak-ng"), reason="espeak-ng is not installed")
def test_the_simulated_head_moves_with_real_speech_read_back_while_it_plays(daemon):
    from reachy_mini import ReachyMini
    from reachy_mini.utils.rotation import Rotation

    from milo.body.robots import ReachyRobot

    pcm, rate = spoken()
    robot = ReachyRobot("localhost", daemon.port)
    robot.connect()
    body = Body(robot)
    observer = ReachyMini(connection_mode="localhost_only", port=daemon.port, media_backend="no_media", log_level="WARNING")
    try:
        body.run([make_call("move_head", {"yaw": 20, "pitch": 10})])
        assert body.listen().result(10).kind == "ambient"  # someone speaks: attention
        joints, antennas = observer.get_current_joint_positions()
        roll, pitch, yaw = Rotation.from_matrix(observer.get_current_head_pose()[:3, :3]).as_euler("xyz", degrees=True)
        assert max(abs(roll), abs(pitch), abs(yaw)) < 1.5, (roll, pitch, yaw)  # level, straight ahead
        assert [round(math.degrees(a)) for a in antennas] == [round(v) for v in LISTEN_ANTENNAS]  # upright
        assert body.think().result(10).kind == "ambient"  # a question was taken: a thinking pose
        joints, antennas = observer.get_current_joint_positions()
        thinking = Rotation.from_matrix(observer.get_current_head_pose()[:3, :3]).as_euler("xyz", degrees=True)
        assert abs(thinking[0] - THINK_ROLL) < 1.5 and abs(thinking[1] - THINK_PITCH) < 1.5
        assert [round(math.degrees(a)) for a in antennas] == [round(v) for v in THINK_ANTENNAS]
        start = len(robot.trace)
        seen, done = [], threading.Event()

        def watch():  # what an independent client sees while the audio "plays"
            while not done.is_set():
                m = observer.get_current_head_pose()
                roll, pitch, yaw = Rotation.from_matrix(m[:3, :3]).as_euler("xyz", degrees=True)
                seen.append(float(pitch))
                time.sleep(0.05)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        t0 = time.monotonic()
        assert body.speak_along(pcm, rate).result(60).kind == "ambient"
        took = time.monotonic() - t0
        done.set()
        watcher.join(5)
        motion = SpeechMotion.from_pcm(pcm, rate)
        steps = list(robot.trace)[start:]
        reached = [-s.reached.pitch for s in steps[: len(motion.levels)]]
        assert correlation(reached, motion.levels) > 0.9, (reached, motion.levels)  # the head followed the loudness
        assert min(seen) < PITCH_LOUD / 2 and max(seen) > PITCH_LOUD / 4  # it moved while the speech played
        assert abs(took - len(pcm) / (2 * rate)) < 1.5  # as long as the audio, within a window or so
        assert abs(steps[-1].reached.pitch) < 1.0 and abs(steps[-1].reached.roll) < 1.0  # level again at the end
        joints, antennas = observer.get_current_joint_positions()
        assert all(abs(math.degrees(a) - r) < 1.0 for a, r in zip(antennas, limits.REST_ANTENNAS))  # antennas at rest
    finally:
        observer.client.disconnect()
        body.close()


def test_milo_voice_moves_the_head_along_with_each_sentence_heard():
    from milo.voice.cli import head_along
    from milo.voice.events import Answering, FirstAudio, Playing, SpeechStart

    robot = Recorder()
    body = Body(robot)
    handler = head_along(body)
    handler(FirstAudio())
    assert body.wait(5) and list(robot.trace) == []
    handler(SpeechStart(0))
    handler(Answering("what is a cloud?"))
    handler(Playing(tone(1.0, 0.6), RATE))
    assert body.wait(10) and len(robot.trace) == 7  # attention, the thinking pose, four windows, then level again
    listening, thinking = robot.trace[0].target, robot.trace[1].target
    assert (listening.pitch, listening.roll, listening.yaw, listening.antennas) == (0.0, 0.0, 0.0, LISTEN_ANTENNAS)
    assert (thinking.pitch, thinking.roll, thinking.antennas) == (THINK_PITCH, THINK_ROLL, THINK_ANTENNAS)
    assert robot.target == NEUTRAL
    body.close()
    handler(Playing(tone(1.0, 0.6), RATE))  # the body closed meanwhile: the voice goes on
    head_along(None)(Playing(tone(1.0, 0.6), RATE))  # no body at all


def test_breathing_while_awake_is_slow_small_and_ends_when_anything_else_comes():
    """Awake and silent (a listen or follow-up window), the head rises and falls and the
    antennas with it, within the limits; someone speaking (the listening pose queued) ends it at
    its next small step, and the window closing (Standby) ends it too."""
    from milo.body.speech import BREATH_PITCH, BREATH_STEP_S, Breathing
    from milo.voice.cli import head_along
    from milo.voice.events import Awake, SpeechStart, Standby

    poses = Breathing(8.0).poses()
    assert len(poses) == 16 and max(abs(p) for p, _ in poses) == pytest.approx(BREATH_PITCH)
    assert abs(poses[-1][0]) < 1e-9  # a whole number of breaths: it ends level
    assert all(limits.ANTENNA.low <= a <= limits.ANTENNA.high for _, pair in poses for a in pair)
    robot = Recorder()
    body = Body(robot)
    handler = head_along(body)
    handler(Awake(seconds=8.0))
    time.sleep(1.2)  # a couple of breath steps
    handler(SpeechStart(0))
    t0 = time.monotonic()
    assert body.wait(5)
    assert time.monotonic() - t0 < 1.5 * BREATH_STEP_S + LISTEN_S_MARGIN  # ended at its next step, not after 8 s
    targets = [s.target for s in robot.trace]
    listening = targets[-1]
    assert (listening.pitch, listening.antennas) == (0.0, LISTEN_ANTENNAS)
    breaths = targets[:-2]  # the steps taken, then level at rest, then the listening pose
    assert 1 <= len(breaths) < 6 and any(t.pitch < -0.5 for t in breaths)
    assert (targets[-2].pitch, targets[-2].antennas) == (0.0, limits.REST_ANTENNAS)
    handler(Awake(seconds=8.0))
    time.sleep(0.6)
    handler(Standby())
    t0 = time.monotonic()
    assert body.wait(5) and time.monotonic() - t0 < 1.5 * BREATH_STEP_S + LISTEN_S_MARGIN
    body.close()

