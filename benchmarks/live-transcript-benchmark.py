#!/usr/bin/env python3
"""Live transcript benchmark (SPEC K): real read speech played into a private sound server in real time while
`voicerec record --live-transcript` records it from the sink's monitor.

The speech is Debian's pocketsphinx-testdata, as in the transcription benchmark: five LibriVox clips of one reader
("Sense and Sensibility") and five short card names by another speaker, each with its reference transcript, played
one after another with a pause between (--pause), --rounds times over. Each utterance is one clip.

Figures:
  delay   for each utterance, from its last sound to the moment the phrase holding its last word is printed. The
          last sound is taken at paplay's start plus the clip's last loud sample: paplay takes a few tens of
          milliseconds to connect before the sound plays, so the delays read a little long (a clip whose last
          loud sample is a breath after its last word can read short). Figures: the median, the 95th percentile,
          the worst.
          A phrase belongs to the utterance whose playing time its end falls in (take seconds on the wall clock:
          the take's second 0 is the moment it was stopped less its duration). Settled phrases only: the app shows the
          tentative words before they settle, so what a person sees comes at least this soon.
  WER     of the settled live text against the references, after the transcription benchmark's normalise(); beside
          it, the WER of the memo's own transcript (SPEC E: the file engine on the same recorded take, measured in
          the same run) as the peer.
  CPU     the live engine's CPU seconds (user + system, sampled from /proc until it exits) per second of take:
          1.0 would be one core all the time; goal <= 1 (at most one of two cores). voicerec's own beside it.
  memory  the live engine's peak resident set (VmHWM).
Goals (SPEC K): median delay <= 2.5 s, 95th percentile <= 4 s, live WER <= 12 %.

Usage (hold the build lock so that nothing else heavy runs meanwhile; builds voicerec in release first):
  flock /tmp/voicerecorder-build.lock python3 benchmarks/live-transcript-benchmark.py [--rounds N] [--pause S]
"""

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import wave

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("transcription", os.path.join(REPO, "benchmarks",
                                                                            "transcription-benchmark.py"))
transcription = importlib.util.module_from_spec(spec)
spec.loader.exec_module(transcription)
DELAY_MEDIAN_GOAL, DELAY_P95_GOAL, WER_GOAL = 2.5, 4.0, 0.12


def fail(message):
    print(f"live-transcript-benchmark: {message}", file=sys.stderr)
    sys.exit(1)


class SoundServer:
    """scripts/sound-server.sh in a directory of its own, with a silent keep-alive stream so the null sink renders
    in small blocks (as a desktop's does): played sound reaches the monitor within tens of milliseconds."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="voicerecorder-live-bench.")
        self.env = {**os.environ, "VOICERECORDER_SOUND_DIR": self.dir}
        out = subprocess.run([os.path.join(REPO, "scripts", "sound-server.sh"), "start"], env=self.env,
                             check=True, capture_output=True, text=True).stdout
        server = next(line.split("=", 1)[1] for line in out.splitlines() if line.startswith("export PULSE_SERVER="))
        self.env["PULSE_SERVER"] = server
        self.keep_alive = subprocess.Popen(
            ["pacat", "--playback", "--device=voicerecorder_sink", "--latency-msec=20", "--raw",
             "--format=s16le", "--rate=24000", "--channels=1", "--stream-name=keep-alive"],
            stdin=open("/dev/zero", "rb"), env=self.env)

    def play(self, wav):
        subprocess.run(["paplay", "--device=voicerecorder_sink", "--latency-msec=20", wav], env=self.env, check=True)

    def stop(self):
        self.keep_alive.kill()
        subprocess.run([os.path.join(REPO, "scripts", "sound-server.sh"), "stop"], env=self.env,
                       capture_output=True)


def capture_started(server, timeout=10):
    """Waits until the server has a recording stream (voicerec's capture); returns that moment."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        listed = subprocess.run(["pactl", "list", "short", "source-outputs"], env=server.env,
                                capture_output=True, text=True).stdout
        if listed.strip():
            return time.monotonic()
        time.sleep(0.01)
    fail("voicerec's capture never reached the sound server")


def live_engine_of(pid):
    """The pid of `pid`'s live engine child, once it has one."""
    for _ in range(500):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    command = f.read()
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid and b"--live" in command:
                return int(entry)
        time.sleep(0.01)
    fail("voicerec started no live engine (is the speech engine installed?)")


class Usage:
    """CPU seconds and peak memory of a process, sampled until it is gone."""

    def __init__(self, pid):
        self.pid, self.cpu, self.peak_kib = pid, 0.0, 0
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self):
        ticks = os.sysconf("SC_CLK_TCK")
        while True:
            try:
                with open(f"/proc/{self.pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{self.pid}/status") as f:
                    hwm = [line for line in f if line.startswith("VmHWM:")]
            except OSError:
                return
            if fields[0] == "Z":
                return
            self.cpu = (int(fields[11]) + int(fields[12])) / ticks
            if hwm:
                self.peak_kib = max(self.peak_kib, int(hwm[0].split()[1]))
            time.sleep(0.05)


def last_sound(wav):
    """Seconds into a clip of its last sound: its last sample within 40 dB of its loudest."""
    with wave.open(wav) as clip:
        frames = clip.readframes(clip.getnframes())
        rate, width = clip.getframerate(), clip.getsampwidth()
    if width != 2:
        fail(f"{wav}: expected 16-bit samples")
    samples = memoryview(frames).cast("h")
    peak = max(abs(s) for s in samples) or 1
    return max((i for i, s in enumerate(samples) if abs(s) >= peak / 100), default=len(samples) - 1) / rate


def run_once(voicerec, clips, pause, rounds, python):
    server = SoundServer()
    takes = tempfile.TemporaryDirectory(prefix="voicerecorder-live-bench-take.")
    try:
        take = os.path.join(takes.name, "take.m4a")
        recorder = subprocess.Popen([voicerec, "record", "--live-transcript", "--device", "voicerecorder_sink.monitor",
                                     "--output", take], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=server.env, text=True)
        capture_started(server)
        engine = Usage(live_engine_of(recorder.pid))
        own = Usage(recorder.pid)
        printed = []  # (arrival, line)

        def read():
            for line in recorder.stdout:
                printed.append((time.monotonic(), json.loads(line)))
        reader = threading.Thread(target=read, daemon=True)
        reader.start()

        # The monitor of a sink that was idle sends its first audio up to 2 s after the stream opens: the reading
        # starts once the take surely has.
        time.sleep(3.0)
        utterances = []  # (start, last sound, reference words), wall clock
        for _ in range(rounds):
            for _, _, wav, reference in clips:
                started = time.monotonic()
                server.play(wav)
                utterances.append((started, started + last_sound(wav), reference))
                time.sleep(pause)
        recorder.send_signal(2)  # Ctrl-C: send the take
        stopped = time.monotonic()
        recorder.wait(timeout=60)
        reader.join(timeout=10)
        errors = recorder.stderr.read()
        if recorder.returncode != 0:
            fail(f"voicerec record failed: {errors.strip()}")
        phrases = [(at, line) for at, line in printed if "phrase" in line]
        if not printed or "url" not in printed[-1][1]:
            fail("voicerec printed no take line last")
        # The take's second 0 on the wall clock: its end (the stop) less its length. The capture stream's
        # appearance is earlier by however long the source took to send its first audio.
        take_seconds = printed[-1][1]["duration"]
        origin = stopped - take_seconds
    finally:
        server.stop()

    delays, missed = [], 0
    for index, (start, end, _) in enumerate(utterances):
        next_start = utterances[index + 1][0] if index + 1 < len(utterances) else float("inf")
        mine = [at for at, line in phrases if start - 0.3 <= origin + line["end"] < min(end + 0.5, next_start)]
        if mine:
            delays.append(max(mine) - end)
        else:
            missed += 1
    reference = [w for _, _, words in utterances for w in words]
    live_words = transcription.normalise(" ".join(line["phrase"] for _, line in phrases))
    if os.environ.get("BENCH_VERBOSE"):
        for at, line in phrases:
            print(f"{at - origin:7.2f} {line}", file=sys.stderr)
        for start, end, words in utterances:
            print(f"utterance {start - origin:7.2f}-{end - origin:7.2f} {' '.join(words)}", file=sys.stderr)
    engine_file = transcription.Engine(python)
    _, done = engine_file.transcribe(take)
    engine_file.process.stdin.close()
    takes.cleanup()
    final_words = transcription.normalise(" ".join(w["text"] for w in done["words"]))
    return {
        "delays": delays, "missed": missed,
        "wer": transcription.errors(reference, live_words) / len(reference),
        "final_wer": transcription.errors(reference, final_words) / len(reference),
        "engine_cpu": engine.cpu / take_seconds, "voicerec_cpu": own.cpu / take_seconds,
        "engine_peak_mib": engine.peak_kib / 1024, "take_seconds": take_seconds, "utterances": len(utterances),
    }


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--voicerec", default=os.path.join(REPO, ".build", "release", "voicerec"))
    parser.add_argument("--rounds", type=int, default=2, help="times the ten utterances are read (default 2)")
    parser.add_argument("--pause", type=float, default=1.5, help="seconds between utterances (default 1.5)")
    args = parser.parse_args()
    home = os.environ.get("VOICERECORDER_SPEECH_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "voicerecorder", "speech")
    python = os.path.join(home, "venv", "bin", "python")
    if not os.path.exists(args.voicerec):
        fail(f"no voicerec at {args.voicerec}: swift build -c release --product voicerec")
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    result = run_once(args.voicerec, transcription.clips(), args.pause, args.rounds, python)
    delays = result["delays"]
    print(f"Live transcript, {result['utterances']} utterances of read speech in real time "
          f"({result['take_seconds']:.0f} s take; load average before: {load})")
    print(f"  delay, last sound -> its phrase printed: median {statistics.median(delays):.2f} s "
          f"(goal <= {DELAY_MEDIAN_GOAL}), 95th percentile {percentile(delays, 0.95):.2f} s "
          f"(goal <= {DELAY_P95_GOAL}), worst {max(delays):.2f} s, best {min(delays):.2f} s; "
          f"utterances with no phrase: {result['missed']}")
    print(f"  WER: live {result['wer']:.1%} (goal <= {WER_GOAL:.0%}); the memo's own transcript of the same take "
          f"{result['final_wer']:.1%}")
    print(f"  CPU: live engine {result['engine_cpu']:.2f} cores on average over the take (goal <= 1), "
          f"voicerec {result['voicerec_cpu']:.3f}; live engine peak memory {result['engine_peak_mib']:.0f} MiB")
    met = (statistics.median(delays) <= DELAY_MEDIAN_GOAL and percentile(delays, 0.95) <= DELAY_P95_GOAL
           and result["wer"] <= WER_GOAL and result["engine_cpu"] <= 1 and result["missed"] == 0)
    print("  goals " + ("met" if met else "NOT met"))


if __name__ == "__main__":
    main()
