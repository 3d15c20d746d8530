"""Tests of the speech engine's live mode (SPEC K): the word agreement as pure logic, and the engine as a process
hearing real speech (espeak-ng) fed to it as a take is captured.

Run with the engine's own python, after scripts/install-speech-engine.sh:
    "$VOICERECORDER_SPEECH_HOME/venv/bin/python" speech-engine/test_live.py
"""

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from live_agreement import Agreement, Word, phrase_of, without_loops
from test_engine import SENTENCE, installed_model_dir, words_only

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE = os.path.join(HERE, "voicerec_speech.py")
RATE = 24000


def words(*items):
    """Words from (text, start, end) triples."""
    return [Word(*item) for item in items]


class AgreementTest(unittest.TestCase):
    def test_what_two_passes_agree_on_is_settled_and_the_rest_stays_tentative(self):
        agreement = Agreement()
        self.assertEqual(agreement.insert(words(("Call", 0.1, 0.4), ("the", 0.4, 0.5), ("dent", 0.5, 0.8))), [])
        self.assertEqual([w.text for w in agreement.tentative], ["Call", "the", "dent"])
        settled = agreement.insert(words(("Call", 0.1, 0.4), ("the", 0.4, 0.5), ("dentist", 0.5, 1.0)))
        self.assertEqual([w.text for w in settled], ["Call", "the"])
        self.assertEqual([w.text for w in agreement.tentative], ["dentist"])
        self.assertEqual(agreement.settled_end, 0.5)

    def test_case_and_punctuation_do_not_stop_agreement_and_the_newer_text_is_kept(self):
        agreement = Agreement()
        agreement.insert(words(("hello", 0, 0.5), ("there", 0.5, 0.9)))
        settled = agreement.insert(words(("Hello,", 0, 0.5), ("there.", 0.5, 0.9)))
        self.assertEqual([w.text for w in settled], ["Hello,", "there."])

    def test_settled_words_are_never_settled_again(self):
        agreement = Agreement()
        agreement.insert(words(("one", 0, 0.4), ("two", 0.4, 0.8)))
        agreement.insert(words(("one", 0, 0.4), ("two", 0.4, 0.8)))
        # The next pass hears the same audio again, and more.
        agreement.insert(words(("one", 0, 0.4), ("two", 0.4, 0.8), ("three", 0.8, 1.2)))
        settled = agreement.insert(words(("one", 0, 0.4), ("two", 0.4, 0.8), ("three", 0.8, 1.2)))
        self.assertEqual([w.text for w in settled], ["three"])

    def test_words_said_again_at_the_start_of_a_pass_are_dropped(self):
        agreement = Agreement()
        agreement.insert(words(("see", 0, 0.3), ("you", 0.3, 0.6)))
        agreement.insert(words(("see", 0, 0.3), ("you", 0.3, 0.6)))
        # Whisper, prompted with the settled words, says them again with times past them.
        agreement.insert(words(("see", 0.6, 0.8), ("you", 0.8, 0.9), ("soon", 0.9, 1.3)))
        self.assertEqual([w.text for w in agreement.tentative], ["soon"])

    def test_a_pause_settles_everything_heard(self):
        agreement = Agreement()
        agreement.insert(words(("maybe", 0, 0.5)))
        self.assertEqual([w.text for w in agreement.settle_all()], ["maybe"])
        self.assertEqual(agreement.tentative, [])
        self.assertEqual(agreement.settle_all(), [])

    def test_whisper_saying_the_same_words_over_and_over_is_cut_back(self):
        looped = words(*[("Five.", 1.0 + i * 0.01, 1.0 + i * 0.01) for i in range(9)])
        self.assertEqual([w.text for w in without_loops(looped)], ["Five.", "Five."])
        phrases = words(("Seven", 0, 0.3), ("of", 0.3, 0.4), ("clubs.", 0.4, 0.8)) * 5 + words(("Done", 1, 1.2))
        self.assertEqual([w.text for w in without_loops(phrases)],
                         ["Seven", "of", "clubs."] * 2 + ["Done"])
        speech = words(("five", 0, 0.3), ("five", 0.4, 0.7), ("had", 1, 1.2), ("he", 1.2, 1.3))
        self.assertEqual(without_loops(speech), speech, "said twice is speech")

    def test_a_phrase_is_its_words_and_their_times(self):
        self.assertEqual(phrase_of(words(("Call", 0.104, 0.4), ("me.", 0.4, 0.853))),
                         {"text": "Call me.", "start": 0.1, "end": 0.85})
        self.assertIsNone(phrase_of([]))


def speech_pcm(text, directory):
    """`text` spoken by espeak-ng, as the live mode reads a take: 16-bit little-endian mono at 24 kHz."""
    wav = os.path.join(directory, "speech.wav")
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", wav, text], check=True)
    return subprocess.run(["ffmpeg", "-v", "error", "-i", wav, "-f", "s16le", "-ar", str(RATE), "-ac", "1", "-"],
                          check=True, stdout=subprocess.PIPE).stdout


class LiveEngine:
    """One live engine process; its stdout lines are read by a thread (each with the time it came)."""

    def __init__(self, *args, env=None):
        self.process = subprocess.Popen([sys.executable, ENGINE, "--live", *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), json.loads(line)))
        self.lines.put(None)

    def feed(self, pcm, real_time):
        """Writes the take's audio, at the pace it is captured (0.1 s at a time) or all at once."""
        chunk = RATE // 10 * 2
        started = time.monotonic()
        for offset in range(0, len(pcm), chunk):
            if real_time:
                time.sleep(max(0.0, started + offset / (RATE * 2) - time.monotonic()))
            self.process.stdin.write(pcm[offset:offset + chunk])
            self.process.stdin.flush()

    def end(self):
        """Ends the take; returns every event with its time, once the engine has exited."""
        ended = time.monotonic()
        self.process.stdin.close()
        events = []
        while (item := self.lines.get(timeout=60)) is not None:
            events.append(item)
        self.process.wait(timeout=30)
        self.process.stdout.close()
        return ended, events


class LiveEngineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.isfile(os.path.join(installed_model_dir(), "model.bin")):
            raise AssertionError("no speech model: run scripts/install-speech-engine.sh first")
        cls.dir = tempfile.mkdtemp(prefix="speech-engine-live-test.")
        cls.speech = speech_pcm(SENTENCE, cls.dir)

    def test_words_come_while_the_take_is_recorded_and_all_are_settled_at_its_end(self):
        engine = LiveEngine()
        engine.feed(self.speech + bytes(RATE * 2), real_time=True)  # and a second of silence
        ended, events = engine.end()
        self.assertEqual(engine.process.returncode, 0)
        self.assertEqual(events[0][1]["event"], "ready")
        self.assertEqual(events[-1][1]["event"], "end")
        phrases = [event for _, event in events if event["event"] == "phrase"]
        before_the_end = [event for at, event in events if event["event"] == "phrase" and at < ended]
        self.assertTrue(before_the_end, f"no phrase settled while the take was recorded: {events}")
        heard = words_only(" ".join(p["text"] for p in phrases))
        expected = words_only(SENTENCE)
        missing = [w for w in expected if w not in heard]
        # Synthetic speech heard on a busy machine: most words, not every one ("quick" heard as "quake").
        self.assertLessEqual(len(missing), len(expected) // 4, f"heard {heard}")
        duration = len(self.speech) / (RATE * 2) + 1
        for earlier, later in zip(phrases, phrases[1:]):
            self.assertLessEqual(earlier["start"], later["start"])
        for phrase in phrases:
            self.assertLessEqual(0, phrase["start"])
            self.assertLessEqual(phrase["start"], phrase["end"])
            self.assertLessEqual(phrase["end"], duration + 0.1)
        tentative = [event for _, event in events if event["event"] == "tentative"]
        self.assertTrue(all(isinstance(t["text"], str) for t in tentative))

    def test_audio_sent_before_the_model_is_loaded_is_all_heard(self):
        engine = LiveEngine()
        engine.feed(self.speech, real_time=False)
        _, events = engine.end()
        heard = words_only(" ".join(e["text"] for _, e in events if e["event"] == "phrase"))
        self.assertIn("dentist", heard)
        self.assertIn("fox", heard)
        self.assertEqual(events[-1][1]["event"], "end")

    def test_silence_gives_no_words(self):
        engine = LiveEngine()
        engine.feed(bytes(RATE * 2 * 3), real_time=False)
        _, events = engine.end()
        self.assertEqual([e["event"] for _, e in events if e["event"] != "tentative"], ["ready", "end"])
        self.assertEqual(engine.process.returncode, 0)

    def test_an_odd_byte_count_and_an_empty_take_are_fine(self):
        engine = LiveEngine()
        engine.feed(self.speech[:RATE + 1], real_time=False)
        _, events = engine.end()
        self.assertEqual(events[-1][1]["event"], "end")
        engine = LiveEngine()
        _, events = engine.end()
        self.assertEqual([e["event"] for _, e in events], ["ready", "end"])

    def test_a_missing_model_is_unavailable_at_once(self):
        engine = LiveEngine("--model", os.path.join(self.dir, "no-model"))
        # It exits by itself while its input is still open (its reader thread blocked in a read: once, that made
        # the interpreter abort at exit instead).
        engine.process.wait(timeout=30)
        _, events = engine.end()
        self.assertEqual([e["event"] for _, e in events], ["unavailable"])
        self.assertIn("not installed", events[0][1]["reason"])
        self.assertEqual(engine.process.returncode, 3)


if __name__ == "__main__":
    unittest.main()
