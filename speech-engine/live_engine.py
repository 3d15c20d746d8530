"""The speech engine's live mode (SPEC K): a take's words while it is recorded, from its audio as it is captured.

    voicerec_speech.py --live [--rate 24000]

stdin carries the take's audio as it is captured: raw signed 16-bit little-endian mono PCM at --rate Hz, nothing
else; its end is the take's end. stdout carries JSON lines, as in the file mode:

    {"event":"ready",...}                  as in the file mode (or "unavailable", then exit 3)
    {"event":"tentative","text":"..."}     the words heard past the settled ones, which may still change; "" clears
    {"event":"phrase","text":"...","start":S,"end":S}
                                           words now settled, in order, never taken back (seconds into the take)
    {"event":"end"}                        after stdin's end, once every word heard is settled; then exit 0

The audio is read from the process's first moment, before the model is loaded, so nothing captured meanwhile is
lost or blocks the caller. Recognition is Whisper over the audio not yet settled, run again each time at least
STEP seconds more have come (local agreement, live_agreement.py), on one thread: at most one of two cores.
"""

import os
import threading

from live_agreement import Agreement, Word, phrase_of, without_loops

RATE = 16000  # what Whisper hears
STEP = 0.5  # seconds of new audio that start the next pass (a pass takes 0.2-0.5 s here)
LONGEST_WINDOW = 10.0  # past this much unsettled audio, what is settled is let go of even without a pause
PAUSE = 0.6  # a pause this long after the last speech settles every word heard
# The encoder hears the window plus this much silence (frames of 10 ms), not Whisper's whole 30 s: 5-7 times
# less work for a short window. With less than about 3 s of silence after it, Whisper repeats itself (measured).
ENCODER_PAD_FRAMES = 300
# After a cut in the middle of speech, Whisper is reminded of this many words before the window, so it reads on
# from them. After a pause it is reminded of nothing: prompted with short phrases ("Four of clubs."), it says
# them over and over (measured: a third of the words were such repeats).
PROMPT_WORDS = 30
# Speech is about 3 tokens a second; a pass that runs past 8 is Whisper repeating itself, and is cut short (one
# pass that ran on to the 448-token limit held the words back 12 s, measured). No temperature fallback either:
# a pass is cheap, the next one hears it again.
MOST_TOKENS_PER_SECOND = 8
# Beam search as in the file mode: against greedy decoding, the live text's word error rate fell from 9-12 % to
# 6-8 % on the benchmark's read speech, for 0.49 cores instead of 0.43 (measured).
SHORTEST_WORD = 0.04  # seconds


class AudioFeed:
    """Reads the take's raw PCM from file descriptor `fd` on a thread of its own, from the moment it is started."""

    def __init__(self, fd):
        self._fd = fd
        self._chunks = []
        self._ended = False
        self._ready = threading.Condition()
        self._thread = threading.Thread(target=self._read, name="live audio", daemon=True)

    def start(self):
        self._thread.start()
        return self

    def _read(self):
        while True:
            # The descriptor itself, not sys.stdin.buffer: a daemon thread blocked inside a buffered reader makes
            # the interpreter abort at exit (SIGABRT instead of the "unavailable" exit status 3, seen in CI).
            chunk = os.read(self._fd, 1 << 16)
            with self._ready:
                if not chunk:
                    self._ended = True
                    self._ready.notify_all()
                    return
                self._chunks.append(chunk)
                self._ready.notify_all()

    def take(self, at_least, timeout=None):
        """Waits until `at_least` bytes have come or the input ended; returns (bytes, ended)."""
        with self._ready:
            self._ready.wait_for(lambda: self._ended or sum(map(len, self._chunks)) >= at_least, timeout)
            data, self._chunks = b"".join(self._chunks), []
            return data, self._ended


class Resampler:
    """The caller's rate to 16 kHz float, through FFmpeg's resampler (PyAV), keeping its state across chunks."""

    def __init__(self, rate):
        import av
        import numpy
        self._av, self._np, self._rate = av, numpy, rate
        self._resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
        self._odd = b""  # half a sample left over from the last chunk

    def __call__(self, data, final=False):
        np = self._np
        data, self._odd = self._odd + data, b""
        if len(data) % 2:
            data, self._odd = data[:-1], data[-1:]
        frames = []
        if data:
            frame = self._av.AudioFrame.from_ndarray(np.frombuffer(data, "<i2").reshape(1, -1), format="s16",
                                                     layout="mono")
            frame.sample_rate = self._rate
            frames += self._resampler.resample(frame)
        if final:
            frames += self._resampler.resample(None)
        parts = [f.to_ndarray().reshape(-1) for f in frames]
        return np.concatenate(parts).astype(np.float32) if parts else np.zeros(0, np.float32)


class Recogniser:
    """Whisper over a window of audio: its words, with times in the take."""

    def __init__(self, model):
        import numpy
        from faster_whisper.vad import VadOptions, get_speech_timestamps
        self._np, self._model = numpy, model
        self._speech = lambda audio: get_speech_timestamps(audio, VadOptions(min_silence_duration_ms=300))
        self.language = None
        self._tries = 0

    def words(self, audio, offset, prompt):
        """(words, seconds of silence at the window's end); no words when the VAD hears no speech."""
        speech = self._speech(audio)
        if not speech:
            return [], len(audio) / RATE
        silence_after = (len(audio) - speech[-1]["end"]) / RATE
        self._model.encoder_frames = min(3000, len(audio) // 160 + ENCODER_PAD_FRAMES)
        try:
            segments, info = self._model.transcribe(
                audio, language=self.language, beam_size=5, temperature=0.0, word_timestamps=True,
                vad_filter=True, vad_parameters={"min_silence_duration_ms": 300}, condition_on_previous_text=False,
                initial_prompt=prompt or None, max_new_tokens=MOST_TOKENS_PER_SECOND * int(len(audio) / RATE + 1))
            segments = list(segments)
        finally:
            self._model.encoder_frames = None
            self._model._last = None
        self._settle_language(info, len(audio))
        # A word Whisper gives no time to is one it did not hear: looping, or saying its prompt again, it piles
        # words up at one instant (measured: "Seven of clubs" three times over at 40.04 s).
        words = [w for w in self._words_of(segments, offset) if w.end - w.start >= SHORTEST_WORD]
        return without_loops(words), silence_after

    @staticmethod
    def _words_of(segments, offset):
        words = []
        for segment in segments:
            for w in segment.words or []:
                text = w.word.strip()
                if not any(c.isalnum() for c in text):
                    continue
                if words and not w.word.startswith(" "):  # a piece of the word before ("cold" + "-hearted")
                    words[-1] = Word(words[-1].text + text, words[-1].start, offset + w.end)
                else:
                    words.append(Word(text, offset + w.start, offset + max(w.start, w.end)))
        return words

    def _settle_language(self, info, samples):
        """The take's language, once Whisper is sure of it (or has heard 6 s): passes must hear one language to
        agree, and a guess from a second of audio is often wrong."""
        if self.language is None and (info.language_probability >= 0.8 or samples >= 6 * RATE):
            self.language = info.language


def run(model, feed, emit, rate):
    """Recognises the take `feed` brings until its end, emitting tentative words and settled phrases."""
    np = __import__("numpy")
    resample, recogniser, agreement = Resampler(rate), Recogniser(model), Agreement()
    window, offset = np.zeros(0, np.float32), 0.0  # the audio not yet let go of, and where it starts in the take
    settled_words, shown, prompt = [], "", ""
    step_bytes = int(STEP * rate) * 2
    ended = False
    while not ended:
        data, ended = feed.take(step_bytes)
        window = np.concatenate([window, resample(data, final=ended)])
        words, silence_after = recogniser.words(window, offset, prompt)
        settled = agreement.insert(words)
        if ended or silence_after >= PAUSE:
            settled += agreement.settle_all()
        if settled:
            settled_words += settled
            emit(event="phrase", **phrase_of(settled))
        tentative = " ".join(w.text for w in agreement.tentative)
        if tentative != shown:
            shown = tentative
            emit(event="tentative", text=tentative)
        # Let go of audio whose words are all settled: at a pause, everything before the pause; in a long run of
        # speech, everything up to the last settled word.
        cut = None
        if not agreement.tentative and silence_after >= PAUSE:
            cut, prompt = len(window) / RATE - silence_after + offset, ""
        elif len(window) / RATE > LONGEST_WINDOW and agreement.settled_end > offset:
            # Only words whose audio is let go of: prompted with words it can still hear, Whisper skips them and
            # what follows them (measured: whole phrases went missing).
            cut = agreement.settled_end
            prompt = " ".join(w.text for w in [w for w in settled_words if w.end <= cut][-PROMPT_WORDS:])
        if cut is not None and cut > offset:
            drop = min(len(window), int((cut - offset) * RATE))
            window, offset = window[drop:], offset + drop / RATE
    emit(event="end")

