#!/usr/bin/env python3
"""Transcription benchmark (SPEC E.2): word error rate on recorded human speech, speed, load time, memory.

The speech is Debian's pocketsphinx-testdata: five LibriVox clips of one reader of "Sense and Sensibility" (clear
read English, where the goal is WER <= 5%) and five short card names ("four queen of clubs") by another speaker,
each with its reference transcript. Each recording goes through our own pipeline: `voicerec memos add` imports it
into a throw-away library (re-encoding it to 24 kHz mono AAC as a recording is), and the speech engine transcribes
the library's file over its JSON-lines protocol, as the app's queue does.

Figures:
  WER    (substitutions + deletions + insertions) / reference words, after normalise() below, per clip and overall.
  speed  seconds from a transcribe request to its "done" / the audio's seconds (model load not included);
         the median of --runs runs, each over every clip, and the best run. Beside it, the engine's CPU seconds
         (user + system) per audio second: wall time stretches when anything else runs (the engine runs at nice
         19), CPU time much less so, and the load average before the run is printed too.
  load   the engine's loadSeconds (start to ready: model check, imports, model load) and the wall clock to ready.
  memory the engine's peak RSS (VmHWM) after all runs.
Goals: WER <= 5% on the LibriVox clips; speed <= 0.4 on this two-core machine.

Usage (hold the build lock so that nothing else heavy runs meanwhile):
  flock /tmp/voicerecorder-build.lock python3 benchmarks/transcription-benchmark.py [--voicerec PATH] [--runs N]
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = "/usr/share/pocketsphinx/test/data"
SETS = (("librivox", "librivox/transcription", "librivox/{}.wav"),
        ("cards", "cards/cards.transcription", "cards/{}.wav"))
WER_GOAL, SPEED_GOAL = 0.05, 0.4


def fail(message):
    print(f"transcription-benchmark: {message}", file=sys.stderr)
    sys.exit(1)


# Normalisation, applied to the references and to what the engine heard alike:
#   lower case; "mr"/"mr." -> "mister", "mrs" -> "missus", "dr" -> "doctor" (the references spell them out);
#   hyphens and all punctuation but a word's inner apostrophes become spaces ("ill-disposed" -> "ill disposed",
#   as the references write it); whole numbers become words ("10" -> "ten", "42" -> "forty two").
ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen").split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
ABBREVIATIONS = {"mr": "mister", "mrs": "missus", "dr": "doctor"}


def number_words(n):
    if n < 20:
        return [ONES[n]]
    if n < 100:
        return [TENS[n // 10]] + (number_words(n % 10) if n % 10 else [])
    if n < 1000:
        return [ONES[n // 100], "hundred"] + (number_words(n % 100) if n % 100 else [])
    if n < 1_000_000:
        return number_words(n // 1000) + ["thousand"] + (number_words(n % 1000) if n % 1000 else [])
    return [str(n)]


def normalise(text):
    words = []
    for token in re.sub(r"[^\w']+|(?<!\w)'|'(?!\w)", " ", text.lower()).split():
        if token.isdigit():
            words += number_words(int(token))
        else:
            words.append(ABBREVIATIONS.get(token, token))
    return words


def errors(reference, hypothesis):
    """The word-level edit distance (substitutions + deletions + insertions)."""
    row = list(range(len(hypothesis) + 1))
    for i, r in enumerate(reference, 1):
        previous, row[0] = row[:], i
        for j, h in enumerate(hypothesis, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (r != h))
    return row[-1]


def clips():
    """(set, clip id, wav path, reference words) for every recording with a reference transcript."""
    found = []
    for name, transcription, wav in SETS:
        try:
            lines = open(os.path.join(DATA, transcription), encoding="utf-8").read().splitlines()
        except OSError:
            fail("the recordings are missing: install Debian's pocketsphinx-testdata (apt-get install pocketsphinx-testdata)")
        for line in lines:
            match = re.fullmatch(r"\s*<s>(.*)</s>\s*\((.+)\)\s*", line)
            if match:
                found.append((name, match[2], os.path.join(DATA, wav.format(match[2])), normalise(match[1])))
    return found


def import_memo(voicerec, library, wav, audio_format):
    result = subprocess.run([voicerec, "memos", "--data-dir", library, "add", wav, "--format", audio_format],
                            capture_output=True, text=True,
                            env={**os.environ, "XDG_DATA_HOME": library})
    if result.returncode != 0:
        fail(f"voicerec memos add {wav} failed: {result.stderr.strip()}")
    memo = json.loads(result.stdout)
    return memo["file"], memo["duration"]


class Engine:
    def __init__(self, python):
        started = time.monotonic()
        self.process = subprocess.Popen([python, os.path.join(REPO, "speech-engine", "voicerec_speech.py")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.ready = self.next()
        self.wall_to_ready = time.monotonic() - started
        if self.ready["event"] != "ready":
            fail(f"the speech engine is unavailable: {self.ready.get('reason')}")

    def next(self):
        line = self.process.stdout.readline()
        if not line:
            fail("the speech engine ended unexpectedly")
        return json.loads(line)

    def transcribe(self, path):
        self.process.stdin.write(json.dumps({"op": "transcribe", "id": path, "path": path}) + "\n")
        self.process.stdin.flush()
        started = time.monotonic()
        while (event := self.next())["event"] == "progress":
            pass
        if event["event"] != "done":
            fail(f"the engine could not transcribe {path}: {event.get('reason')}")
        return time.monotonic() - started, event

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime

    def peak_rss_mib(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024

    def quit(self):
        self.process.stdin.write('{"op":"quit"}\n')
        self.process.stdin.close()
        self.process.wait(timeout=30)


def default_voicerec():
    for build in ("release", "debug"):
        path = os.path.join(REPO, ".build", build, "voicerec")
        if os.access(path, os.X_OK):
            return path
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voicerec", default=default_voicerec(),
                        help="the voicerec executable (default: this checkout's .build/{release,debug}/voicerec)")
    parser.add_argument("--runs", type=int, default=3, help="how many times every clip is transcribed (default 3)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--format", choices=["aac", "opus"], default="aac",
                        help="the memos' format: 24 kHz mono AAC (default) or Ogg Opus (SPEC G)")
    args = parser.parse_args()
    if not args.voicerec or not os.access(args.voicerec, os.X_OK):
        fail("no voicerec executable: build it (swift build) or pass --voicerec PATH")

    installer = subprocess.run([os.path.join(REPO, "scripts", "install-speech-engine.sh")])
    if installer.returncode != 0:
        sys.exit(1)  # the installer has said why
    data = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    speech_home = os.environ.get("VOICERECORDER_SPEECH_HOME") or os.path.join(data, "voicerecorder", "speech")

    recordings = clips()
    with tempfile.TemporaryDirectory(prefix="transcription-benchmark.") as library:
        memos = [(s, clip, *import_memo(args.voicerec, library, wav, args.format), ref)
                 for s, clip, wav, ref in recordings]
        print(f"load average before: {' '.join(open('/proc/loadavg').read().split()[:3])}; "
              f"{len(memos)} clips imported with {args.voicerec} memos add "
              f"({'24 kHz mono AAC' if args.format == 'aac' else 'Ogg Opus, 24 kHz mono'})")
        engine = Engine(os.path.join(speech_home, "venv", "bin", "python"))
        runs, cpu_runs = [], []  # per run: {clip: wall seconds}, {clip: CPU seconds}
        heard = {}
        for _ in range(args.runs):
            seconds, cpu = {}, {}
            for s, clip, path, duration, ref in memos:
                before = engine.cpu_seconds()
                seconds[clip], done = engine.transcribe(path)
                cpu[clip] = engine.cpu_seconds() - before
                heard.setdefault(clip, done)
            runs.append(seconds)
            cpu_runs.append(cpu)
        peak = engine.peak_rss_mib()
        engine.quit()

    results, by_set = [], {}
    print(f"\n{'clip':<42} {'audio s':>7} {'median s':>8} {'× audio':>7} {'words':>5} {'errors':>6} {'WER':>6}")
    for s, clip, path, duration, ref in memos:
        done = heard[clip]
        hyp = normalise(" ".join(w["text"] for w in done["words"]))
        e = errors(ref, hyp)
        median = statistics.median(run[clip] for run in runs)
        results.append({"set": s, "clip": clip, "audioSeconds": duration, "medianSeconds": median,
                        "reference": " ".join(ref), "heard": " ".join(hyp), "errors": e, "words": len(ref),
                        "language": done["language"]})
        print(f"{clip:<42} {duration:7.2f} {median:8.2f} {median / duration:7.2f} {len(ref):5} {e:6} "
              f"{100 * e / len(ref):5.1f}%")
        if e:
            print(f"    reference: {' '.join(ref)}\n    heard:     {' '.join(hyp)}")
        by_set.setdefault(s, []).append(results[-1])
    by_set["all"] = results

    summary = {"engine": engine.ready["engine"], "model": engine.ready["model"],
               "loadSeconds": engine.ready["loadSeconds"], "wallSecondsToReady": round(engine.wall_to_ready, 2),
               "peakRSSMiB": round(peak, 1), "runs": args.runs, "sets": {}}
    print()
    for s, rows in by_set.items():
        audio = sum(r["audioSeconds"] for r in rows)
        ratios = sorted(sum(run[r["clip"]] for r in rows) / audio for run in runs)
        cpu = statistics.median(sum(run[r["clip"]] for r in rows) / audio for run in cpu_runs)
        wer = sum(r["errors"] for r in rows) / sum(r["words"] for r in rows)
        summary["sets"][s] = {"clips": len(rows), "audioSeconds": round(audio, 2), "wer": round(wer, 4),
                              "speedMedian": round(statistics.median(ratios), 3), "speedBest": round(ratios[0], 3),
                              "cpuSecondsPerAudioSecond": round(cpu, 3)}
        print(f"{s:<9} {len(rows):2} clips, {audio:5.1f} s of audio: WER {100 * wer:4.1f}% "
              f"({sum(r['errors'] for r in rows)}/{sum(r['words'] for r in rows)} words); "
              f"speed {statistics.median(ratios):.3f}× audio (median of {args.runs} runs, best {ratios[0]:.3f}×), "
              f"CPU {cpu:.3f} s per audio s")
    print(f"engine: {summary['engine']}, {summary['model']}; load {summary['loadSeconds']:.2f} s "
          f"(to ready {summary['wallSecondsToReady']:.2f} s); peak RSS {summary['peakRSSMiB']:.0f} MiB")
    librivox = summary["sets"]["librivox"]
    print(f"goals: WER on read English {100 * librivox['wer']:.1f}% (<= {100 * WER_GOAL:.0f}%: "
          f"{'met' if librivox['wer'] <= WER_GOAL else 'MISSED'}); "
          f"speed {summary['sets']['all']['speedMedian']:.3f}× over all clips, {librivox['speedMedian']:.3f}× on "
          f"read English (<= {SPEED_GOAL}×: {'met' if summary['sets']['all']['speedMedian'] <= SPEED_GOAL else 'MISSED'})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "clips": results}, f, indent=2)


if __name__ == "__main__":
    main()
