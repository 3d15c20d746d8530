"""Tests of the speech engine as a process: the real engine, the real model, audio made here.

Run with the engine's own python, after scripts/install-speech-engine.sh:
    "$VOICERECORDER_SPEECH_HOME/venv/bin/python" speech-engine/test_engine.py
Needs espeak-ng and ffmpeg (scripts/install-deps.sh installs both).
"""

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE = os.path.join(HERE, "voicerec_speech.py")
SENTENCE = "The quick brown fox jumps over the lazy dog. Remember to call the dentist on Monday morning."


def installed_model_dir():
    # The engine's own default, repeated here: the tests must not import the engine (it takes over stdout).
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    home = os.environ.get("VOICERECORDER_SPEECH_HOME") or os.path.join(data, "voicerecorder", "speech")
    return os.path.join(home, "model")


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def words_only(text):
    return re.findall(r"[a-z']+", text.lower())


class Engine:
    """One engine process; its stdout lines are read by a thread so that every wait has a timeout."""

    def __init__(self, *args, python=sys.executable, env=None):
        self.process = subprocess.Popen([python, ENGINE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env)
        self.lines = queue.Queue()
        self.stderr = b""
        self.readers = [threading.Thread(target=self._read, daemon=True),
                        threading.Thread(target=self._drain_stderr, daemon=True)]
        for reader in self.readers:
            reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _drain_stderr(self):
        self.stderr = self.process.stderr.read()

    def send(self, line):
        self.process.stdin.write(line if isinstance(line, bytes) else line.encode() + b"\n")
        self.process.stdin.flush()

    def request(self, **request):
        self.send(json.dumps(request))

    def next(self, timeout=30):
        """The next protocol line as an object; fails the test on anything that is not one JSON object."""
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise AssertionError(f"the engine ended; its stderr: {self.stderr.decode(errors='replace')[-500:]}")
        event = json.loads(line)  # a traceback or a library's chatter here would fail
        assert isinstance(event, dict) and "event" in event, line
        return event

    def until_answer(self, job_id, timeout=60):
        """All progress events of a job and its final event."""
        progress = []
        while True:
            event = self.next(timeout)
            if event["event"] == "progress":
                assert event["id"] == job_id, event
                progress.append(event["fraction"])
                continue
            return progress, event

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for reader in self.readers:  # both see the end of their pipe once the process is gone
            reader.join(timeout=5)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except BrokenPipeError:
                pass


class EngineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.model = installed_model_dir()
        if not os.path.isfile(os.path.join(cls.model, "model.bin")):
            raise AssertionError(f"no speech model in {cls.model}: run scripts/install-speech-engine.sh first")
        cls.dir = tempfile.mkdtemp(prefix="speech-engine-test.")
        d = cls.dir
        run("espeak-ng", "-v", "en-us", "-s", "150", "-w", f"{d}/speech.wav", SENTENCE)
        run("ffmpeg", "-y", "-i", f"{d}/speech.wav", "-ar", "24000", "-ac", "1", "-c:a", "aac", f"{d}/speech.m4a")
        for name, source in (("silence", "anullsrc=r=24000:cl=mono"), ("tone", "sine=frequency=440:sample_rate=24000"),
                             ("noise", "anoisesrc=color=pink:amplitude=0.4:sample_rate=24000")):
            run("ffmpeg", "-y", "-f", "lavfi", "-i", source, "-t", "5", "-ac", "1", "-c:a", "aac", f"{d}/{name}.m4a")
        with open(f"{d}/notes.m4a", "w") as f:
            f.write("not audio at all\n" * 100)
        cls.speech_seconds = os.path.getsize(f"{d}/speech.wav") / (22050 * 2)  # espeak-ng: 22.05 kHz 16-bit mono
        cls.engine = Engine()
        ready = cls.engine.next()
        assert ready["event"] == "ready", ready
        cls.ready = ready

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def transcribe(self, name, job_id=None):
        job_id = job_id or name
        self.engine.request(op="transcribe", id=job_id, path=os.path.join(self.dir, name))
        return self.engine.until_answer(job_id)

    def test_ready_names_the_engine_and_model(self):
        self.assertEqual(self.ready["engine"], "faster-whisper 1.2.1")
        self.assertEqual(self.ready["model"], "whisper-base")
        self.assertGreater(self.ready["loadSeconds"], 0)

    def test_speech_gives_its_words_in_order_inside_the_clip(self):
        progress, done = self.transcribe("speech.m4a")
        self.assertEqual(done["event"], "done", done)
        self.assertEqual(done["language"], "en")
        self.assertAlmostEqual(done["duration"], self.speech_seconds, delta=0.1)
        heard = words_only(" ".join(w["text"] for w in done["words"]))
        expected = words_only(SENTENCE)
        found = sum(1 for w in expected if w in heard)
        self.assertGreaterEqual(found, 0.75 * len(expected), f"heard: {' '.join(heard)}")
        starts = [w["start"] for w in done["words"]]
        self.assertEqual(starts, sorted(starts))
        for w in done["words"]:
            self.assertEqual(w["text"], w["text"].strip())
            self.assertLessEqual(0, w["start"])
            self.assertLessEqual(w["start"], w["end"])
            self.assertLessEqual(w["end"], done["duration"])
            self.assertEqual(w["start"], round(w["start"], 2))
        self.assertEqual(progress[0], 0.0)
        self.assertEqual(progress, sorted(progress))
        self.assertLessEqual(progress[-1], 1.0)
        self.assertGreater(len(progress), 1)

    def test_silence_tone_and_noise_give_no_words(self):
        for name in ("silence.m4a", "tone.m4a", "noise.m4a"):
            with self.subTest(name):
                _, done = self.transcribe(name)
                self.assertEqual(done["event"], "done", done)
                self.assertEqual(done["words"], [])
                self.assertIsNone(done["language"])
                self.assertAlmostEqual(done["duration"], 5.0, delta=0.1)

    def test_missing_and_non_audio_files_fail_and_the_engine_goes_on(self):
        _, failed = self.transcribe("nowhere.m4a")
        self.assertEqual(failed, {"event": "failed", "id": "nowhere.m4a",
                                  "reason": f"no such file: {self.dir}/nowhere.m4a"})
        _, failed = self.transcribe("notes.m4a")
        self.assertEqual(failed["event"], "failed")
        self.assertIn("can't be decoded as audio", failed["reason"])
        _, done = self.transcribe("silence.m4a", "after-failures")
        self.assertEqual((done["event"], done["id"]), ("done", "after-failures"))

    def test_malformed_lines_give_errors_and_the_engine_goes_on(self):
        for line in ("this is not json", "[1, 2]", '{"op": "sing"}', '{"op": "transcribe", "path": "/a.m4a"}',
                     '{"op": "transcribe", "id": "p"}', b"\xff\xfe not utf-8\n", '{"op": "transcribe", "id": 5}'):
            with self.subTest(line):
                self.engine.send(line)
                event = self.engine.next()
                self.assertEqual(event["event"], "error")
                self.assertNotIn("\n", event["reason"])
                self.assertNotIn("Traceback", event["reason"])
        _, done = self.transcribe("silence.m4a", "after-errors")
        self.assertEqual((done["event"], done["id"]), ("done", "after-errors"))

    def test_a_job_paused_with_sigstop_finishes_after_sigcont(self):
        self.engine.request(op="transcribe", id="paused", path=os.path.join(self.dir, "speech.m4a"))
        self.assertEqual(self.engine.next()["fraction"], 0.0)
        os.kill(self.engine.process.pid, signal.SIGSTOP)
        try:
            time.sleep(1.5)
            self.assertIsNone(self.engine.process.poll())
        finally:
            os.kill(self.engine.process.pid, signal.SIGCONT)
        _, done = self.engine.until_answer("paused")
        self.assertEqual(done["event"], "done")
        self.assertIn("dog", " ".join(w["text"].lower() for w in done["words"]))


class EngineLifeTest(unittest.TestCase):
    """Starts and ends of the process, each with an engine of its own."""

    def setUp(self):
        self.model = installed_model_dir()
        if not os.path.isfile(os.path.join(self.model, "model.bin")):
            self.fail(f"no speech model in {self.model}: run scripts/install-speech-engine.sh first")
        self.dir = tempfile.mkdtemp(prefix="speech-engine-test.")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def start(self, *args, **options):
        engine = Engine(*args, **options)
        self.addCleanup(engine.close)
        return engine

    def test_end_of_input_exits_0(self):
        engine = self.start()
        self.assertEqual(engine.next()["event"], "ready")
        engine.process.stdin.close()
        self.assertEqual(engine.process.wait(timeout=10), 0)

    def test_quit_exits_0(self):
        engine = self.start()
        self.assertEqual(engine.next()["event"], "ready")
        engine.request(op="quit")
        self.assertEqual(engine.process.wait(timeout=10), 0)

    def test_a_changed_model_file_makes_it_unavailable_before_loading(self):
        copy = os.path.join(self.dir, "model")
        os.mkdir(copy)
        for name in os.listdir(self.model):
            if name == "model.bin":  # the large file is linked, not copied: only a small one is changed
                os.symlink(os.path.join(self.model, name), os.path.join(copy, name))
            else:
                shutil.copy(os.path.join(self.model, name), copy)
        with open(os.path.join(copy, "config.json"), "r+b") as f:
            f.seek(10)
            byte = f.read(1)
            f.seek(10)
            f.write(bytes([byte[0] ^ 1]))
        engine = self.start("--model", copy)
        event = engine.next()
        self.assertEqual(event["event"], "unavailable")
        self.assertIn("config.json", event["reason"])
        self.assertIn("scripts/install-speech-engine.sh", event["reason"])
        self.assertEqual(engine.process.wait(timeout=10), 3)

    def test_a_missing_model_makes_it_unavailable(self):
        engine = self.start("--model", os.path.join(self.dir, "no-model"))
        event = engine.next()
        self.assertEqual(event["event"], "unavailable")
        self.assertIn("not installed", event["reason"])
        self.assertEqual(engine.process.wait(timeout=10), 3)

    def test_missing_python_packages_make_it_unavailable(self):
        # Debian's python3 outside the virtual environment has no faster_whisper.
        engine = self.start("--model", self.model, python="/usr/bin/python3")
        event = engine.next()
        self.assertEqual(event["event"], "unavailable")
        self.assertIn("Python packages", event["reason"])
        self.assertEqual(engine.process.wait(timeout=10), 3)

    def test_killed_mid_job_it_leaves_no_files(self):
        tmp = os.path.join(self.dir, "tmp")
        os.mkdir(tmp)
        run("ffmpeg", "-y", "-f", "lavfi", "-i", "sine=frequency=300:sample_rate=24000", "-t", "20", "-c:a", "aac",
            f"{self.dir}/long.m4a")
        engine = self.start(env={**os.environ, "TMPDIR": tmp})
        self.assertEqual(engine.next()["event"], "ready")
        engine.request(op="transcribe", id="k", path=f"{self.dir}/long.m4a")
        self.assertEqual(engine.next()["fraction"], 0.0)
        engine.process.kill()
        engine.process.wait(timeout=10)
        self.assertEqual(os.listdir(tmp), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
