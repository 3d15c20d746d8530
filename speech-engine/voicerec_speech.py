"""VoiceRecorder's speech engine: Whisper *base* (multilingual) through faster-whisper, one JSON object per line.

Run it with the virtual environment's python that scripts/install-speech-engine.sh creates:

    $VOICERECORDER_SPEECH_HOME/venv/bin/python speech-engine/voicerec_speech.py [--model DIR]

VOICERECORDER_SPEECH_HOME defaults to ${XDG_DATA_HOME:-$HOME/.local/share}/voicerecorder/speech; the model is its
model/ directory unless --model DIR names another. Every model file is checked against model.sha256 (beside this
file) before anything is loaded.

Protocol: UTF-8, one JSON object per line. stdout carries protocol lines only, each flushed as it is written;
everything else (library logging, warnings) goes to stderr.

  Engine -> caller
    {"event":"ready","engine":"faster-whisper 1.2.1","model":"whisper-base","loadSeconds":1.23}
        once, first; loadSeconds = from process start to ready (model check, imports, model load).
    {"event":"unavailable","reason":"<one line>"}
        instead of ready, then exit status 3: a model file missing or differing from model.sha256, the Python
        packages missing, or the model failing to load. The reason says what, and how to reinstall.
    {"event":"progress","id":"<id>","fraction":0.0}
        0 right after the audio is decoded, then after each recognised segment: its end / the audio's duration.
    {"event":"done","id":"<id>","language":"en","languageProbability":0.97,"duration":7.13,
     "words":[{"text":"Hello","start":0.52,"end":0.81}, ...]}
        duration: the audio's seconds; start/end: seconds in the audio, rounded to 0.01. "words": [] means no
        speech, and then language and languageProbability are null (a language guessed from silence means
        nothing). A word is the text between spaces, with its punctuation ("dog.", "cold-hearted").
    {"event":"failed","id":"<id>","reason":"<one line>"}
        the file is missing, not audio, holds no audio, or recognition itself failed.
    {"event":"error","reason":"<one line>"}  (with "id" too when the line had a string id)
        a line that is not a JSON object, lacks a field, or names an unknown op.
    After failed or error the engine waits for the next request. Blank lines are ignored.

  Caller -> engine
    {"op":"transcribe","id":"<string>","path":"/absolute/path.m4a"}   AAC .m4a, Ogg Opus, or anything FFmpeg reads
    {"op":"quit"}                                                      exit 0; so does end of input

  One job at a time: a request is read only when the previous one has been answered. Cancel a job by killing the
  process (SIGKILL is fine: the engine writes no files); pause it with SIGSTOP and resume with SIGCONT. It runs at
  the lowest CPU priority (nice 19) on 2 threads.
"""

import argparse
import hashlib
import json
import os
import signal
import sys
import time

STARTED = time.monotonic()
HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE = "faster-whisper 1.2.1"
MODEL_NAME = "whisper-base"
REINSTALL = "scripts/install-speech-engine.sh reinstalls it"
# Languages Whisper writes without spaces between words (faster-whisper splits them per character instead).
UNSPACED = {"zh", "ja", "th", "lo", "my", "yue"}

# The protocol gets a private copy of stdout; fd 1 itself then points at stderr, so anything a library prints,
# from Python or from C, can never land between protocol lines.
_protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr


def emit(**event):
    _protocol.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")
    _protocol.flush()


def one_line(error):
    # PyAV's errors carry FFmpeg's message as strerror; their str() adds an errno and the path, which say less.
    text = " ".join(str(getattr(error, "strerror", None) or error).split()) or type(error).__name__
    return text[:300]


def default_model_dir():
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    home = os.environ.get("VOICERECORDER_SPEECH_HOME") or os.path.join(data, "voicerecorder", "speech")
    return os.path.join(home, "model")


def check_model(model_dir):
    """Returns None when every file in model.sha256 is in model_dir with that hash, else a reason in words.

    Hashing all 148 MB takes about 0.15 s here from the page cache (OpenSSL's SHA-256), 0.45 s from disk, and
    that read also brings model.bin into the cache that the load reads from next: the check is cheap next to the
    1 s load, so it is done in full at every start rather than cached."""
    try:
        with open(os.path.join(HERE, "model.sha256"), encoding="utf-8") as f:
            expected = [line.split(None, 1) for line in f if line.strip()]
    except OSError as e:
        return f"the model's checksum list can't be read ({one_line(e)})"
    for digest, name in expected:
        name = name.strip().lstrip("*")
        path = os.path.join(model_dir, name)
        h = hashlib.sha256()
        try:
            with open(path, "rb") as f:
                while chunk := f.read(1 << 20):
                    h.update(chunk)
        except FileNotFoundError:
            return f"the speech model is not installed ({path} is missing); scripts/install-speech-engine.sh installs it"
        except OSError as e:
            return f"the speech model file {path} can't be read ({one_line(e)}); {REINSTALL}"
        if h.hexdigest() != digest:
            return (f"the speech model file {path} is damaged or changed (its sha256 is not the one in "
                    f"speech-engine/model.sha256); {REINSTALL}")
    return None


def load(model_dir, threads=2):
    """Returns the loaded model, or exits after an "unavailable" line."""
    def unavailable(reason):
        emit(event="unavailable", reason=reason)
        sys.exit(3)

    problem = check_model(model_dir)
    if problem:
        unavailable(problem)
    try:
        import numpy
        from faster_whisper import WhisperModel
        from faster_whisper.audio import decode_audio
    except Exception as e:
        unavailable(f"the speech engine's Python packages are missing or broken ({one_line(e)}); "
                    "scripts/install-speech-engine.sh installs them")

    class OneEncodeWhisper(WhisperModel):
        """WhisperModel that runs the encoder once per 30 s window instead of twice for the first one.

        faster-whisper 1.2.1 encodes the first window to detect the language, then encodes the same window again
        to decode it. The encoder is most of the cost of a short memo (0.6 s of a 5 s one here), so the last
        encoding is kept and reused when exactly the same features come again. Detection is handed the features
        less their last frame, which is what decoding sees too (it drops the frame past the audio's end); should
        a later faster-whisper differ, the features differ, the cache misses and it is only slower."""
        _last = None
        # The live mode's windows are short: the encoder hears only this many frames of the padded 30 s, when set.
        encoder_frames = None

        def detect_language(self, audio=None, features=None, **options):
            if features is not None and features.shape[-1] > 1:
                features = features[..., :-1]
            return super().detect_language(audio=audio, features=features, **options)

        def encode(self, features):
            if self.encoder_frames:
                features = features[..., :self.encoder_frames]
            key = (features.shape, hashlib.blake2b(numpy.ascontiguousarray(features).tobytes()).digest())
            if self._last is None or self._last[0] != key:
                self._last = (key, super().encode(features))
            return self._last[1]

    os.nice(19)  # transcription must never compete with a take being recorded
    try:
        model = OneEncodeWhisper(model_dir, device="cpu", compute_type="int8", cpu_threads=threads, num_workers=1)
    except Exception as e:
        unavailable(f"the speech model in {model_dir} could not be loaded ({one_line(e)}); {REINSTALL}")
    return model, decode_audio


def words_of(segments, language, duration):
    """Whisper's words as the protocol's: leading space stripped, pieces without one joined to the word before
    ("cold" + "-hearted"), punctuation-only words (what a tone can give) dropped, times rounded to 0.01 s."""
    words = []
    for segment in segments:
        for i, w in enumerate(segment.words or []):
            text = w.word.strip()
            start, end = max(0.0, min(w.start, duration)), max(0.0, min(w.end, duration))
            if i > 0 and words and not w.word.startswith(" ") and language not in UNSPACED and text:
                words[-1]["text"] += text
                words[-1]["end"] = round(max(end, words[-1]["end"]), 2)
            elif any(c.isalnum() for c in text):
                words.append({"text": text, "start": round(start, 2), "end": round(max(start, end), 2)})
        yield segment, words


def transcribe(model, decode_audio, job_id, path):
    if not os.path.isabs(path):
        return emit(event="failed", id=job_id, reason=f"the path is not absolute: {path}")
    if not os.path.isfile(path):
        return emit(event="failed", id=job_id, reason=f"no such file: {path}")
    try:
        audio = decode_audio(path)  # 16 kHz mono float32, through PyAV (FFmpeg)
    except IndexError:  # what PyAV raises for a container without an audio stream (a video, a picture)
        return emit(event="failed", id=job_id, reason="the file holds no audio stream")
    except Exception as e:
        return emit(event="failed", id=job_id, reason=f"the file can't be decoded as audio ({one_line(e)})")
    duration = len(audio) / 16000
    if duration <= 0:
        return emit(event="failed", id=job_id, reason="the file holds no audio")
    emit(event="progress", id=job_id, fraction=0.0)
    try:
        # The VAD filter cuts out everything that isn't speech before Whisper sees it: on silence, a tone or
        # noise Whisper otherwise "hears" a "You" or a "." (measured); with it, nothing is left to decode.
        segments, info = model.transcribe(audio, word_timestamps=True, vad_filter=True, beam_size=5)
        words, fraction = [], 0.0
        for segment, words in words_of(segments, info.language, duration):
            now = round(min(1.0, segment.end / duration), 3)
            if now > fraction:
                fraction = now
                emit(event="progress", id=job_id, fraction=fraction)
    except Exception as e:
        return emit(event="failed", id=job_id, reason=f"recognition failed ({one_line(e)})")
    finally:
        model._last = None  # the kept encoding belongs to this job only
    spoken = bool(words)
    emit(event="done", id=job_id, language=info.language if spoken else None,
         languageProbability=round(info.language_probability, 3) if spoken else None,
         duration=round(duration, 3), words=words)


def parse_request(line):
    """Returns (op, id, path) for a valid request, or emits an "error" line and returns None."""
    def error(reason, job_id=None):
        emit(event="error", reason=reason, **({"id": job_id} if job_id is not None else {}))

    try:
        request = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return error("the line is not a JSON object in UTF-8")
    if not isinstance(request, dict):
        return error("the line is not a JSON object")
    op, job_id, path = request.get("op"), request.get("id"), request.get("path")
    job_id = job_id if isinstance(job_id, str) else None
    if op == "quit":
        return (op, None, None)
    if op != "transcribe":
        return error(f"unknown op {json.dumps(op)}: expected \"transcribe\" or \"quit\"", job_id)
    if job_id is None:
        return error("a transcribe request needs an \"id\" string")
    if not isinstance(path, str) or not path:
        return error("a transcribe request needs a \"path\" string", job_id)
    return (op, job_id, path)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # the caller gone: end quietly, not with a traceback
    parser = argparse.ArgumentParser(description="VoiceRecorder's speech engine (JSON lines on stdin/stdout)")
    parser.add_argument("--model", metavar="DIR", default=default_model_dir(),
                        help="the model directory (default: $VOICERECORDER_SPEECH_HOME/model)")
    parser.add_argument("--live", action="store_true",
                        help="live mode: a take's raw PCM on stdin, its words as they are heard (live_engine.py)")
    parser.add_argument("--rate", type=int, default=24000, help="live mode: the PCM's sample rate (Hz)")
    args = parser.parse_args()
    if args.live:
        import live_engine
        feed = live_engine.AudioFeed(sys.stdin.fileno()).start()  # reading from now: nothing waits on the load
        model, _ = load(os.path.abspath(args.model), threads=1)  # one of two cores at most (SPEC K)
        emit(event="ready", engine=ENGINE, model=MODEL_NAME, loadSeconds=round(time.monotonic() - STARTED, 2))
        return live_engine.run(model, feed, emit, args.rate)
    model, decode_audio = load(os.path.abspath(args.model))
    emit(event="ready", engine=ENGINE, model=MODEL_NAME, loadSeconds=round(time.monotonic() - STARTED, 2))
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = parse_request(line)
        if request is None:
            continue
        op, job_id, path = request
        if op == "quit":
            break
        transcribe(model, decode_audio, job_id, path)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
