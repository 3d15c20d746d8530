#!/usr/bin/env python3
"""Enhance benchmark (SPEC I.3): how much noise goes, what happens to the speech's level, and the words heard.

The speech is recorded human speech with reference transcripts: the transcription benchmark's ten clips (Debian's
pocketsphinx-testdata) and, for enough words that a few more or fewer errors mean something, the first --prompts
(default 60) prompts of 8 to 30 words from Debian's asterisk-core-sounds-en-g722 (one speaker, 16 kHz G.722, the
words in the package's core-sounds-en.txt). The noise is recorded too, not made: Debian's sonic-pi-samples (CC0 field
recordings), "vinyl_hiss" (a record's hiss and crackle) and "loop_3d_printer" (a 3D printer's motors, a machine
hum with rhythm). Each clip gets a second of noise before it and half a second after (a memo starts before the
speaker does), and the noise is scaled so the speech is 5 or 10 dB above it (SNR: the speech's power in the 10 ms
windows where it speaks, within 30 dB of its loudest, against the noise's power overall).

Each mixture goes through the product: `voicerec memos add` keeps it as a 24 kHz mono AAC memo, and
`voicerec memos export ID PATH --enhance` writes what Enhance plays. Beside it, the peer: speexdsp's preprocessor
(the other library SPEC I.3 names; benchmarks/speexdsp_preprocess.c, built here with gcc) on the same memo's audio,
allowed to lower noise by 30 dB.

Figures, per noise and SNR, over the ten clips:
  floor   the power where the clean clip is silent (60 dB or more below its loudest window), from 0.5 s on:
          the memo, and how far each enhanced version brings it down (goal: >= 10 dB).
  speech  the power where the clean clip speaks, against the clean clip's (goal: within 4 dB).
  WER     the speech engine's word errors over the reference words (the transcription benchmark's
          normalisation), for the memo as recorded, enhanced, and the peer (goal: enhanced no worse).

Usage (needs numpy: run it with the speech engine's Python, which has it; hold the build lock):
  flock /tmp/voicerecorder-build.lock ~/.local/share/voicerecorder/speech/venv/bin/python \
      benchmarks/enhance-benchmark.py [--voicerec PATH] [--json FILE]
"""

import argparse
import gzip
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RATE = 24_000
WINDOW = 240  # 10 ms
PROMPTS = "/usr/share/asterisk/sounds/en_US_f_Allison"
PROMPT_TEXTS = "/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz"
NOISES = {"vinyl hiss": "/usr/share/sonic-pi/samples/vinyl_hiss.flac",
          "3D printer": "/usr/share/sonic-pi/samples/loop_3d_printer.flac"}
SNRS = (5, 10)
FLOOR_GOAL, LEVEL_GOAL = 10.0, 4.0
VERSIONS = ("recorded", "enhanced", "speexdsp")


def fail(message):
    print(f"enhance-benchmark: {message}", file=sys.stderr)
    sys.exit(1)


def transcription_benchmark():
    """The transcription benchmark as a module: its clips, normalisation, WER and engine client."""
    spec = importlib.util.spec_from_file_location(
        "transcription_benchmark", os.path.join(REPO, "benchmarks", "transcription-benchmark.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prompts(tb, count):
    """(set, id, path, reference words) for the first `count` spoken prompts of 8 to 30 words (no tones)."""
    if not os.path.isdir(PROMPTS) or not os.path.exists(PROMPT_TEXTS):
        fail("the prompts are missing: apt-get install asterisk-core-sounds-en-g722")
    found = []
    for line in gzip.open(PROMPT_TEXTS, "rt", encoding="utf-8"):
        match = re.fullmatch(r"([a-z0-9-]+): (.*)", line.strip())
        if not match or "[" in match[2] or not 8 <= len(match[2].split()) <= 30:
            continue
        path = os.path.join(PROMPTS, match[1] + ".g722")
        if os.path.exists(path):
            found.append(("prompts", match[1], path, tb.normalise(match[2])))
    return found[:count]


def decode(path):
    """Mono float samples at 24 kHz, as FFmpeg decodes `path` (raw G.722 named by its extension)."""
    raw_format = ["-f", "g722"] if path.endswith(".g722") else []
    raw = subprocess.run(["ffmpeg", "-v", "error"] + raw_format + ["-i", path, "-ac", "1", "-ar", str(RATE), "-f", "s16le", "-"],
                         capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.int16).astype(np.float64) / 32768


def write_wav(samples, path):
    pcm = (np.clip(samples, -1, 1) * 32767).astype(np.int16).tobytes()
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "s16le", "-ar", str(RATE), "-ac", "1", "-i", "-", path],
                   input=pcm, check=True)


def window_levels(samples):
    count = len(samples) // WINDOW
    windows = samples[:count * WINDOW].reshape(count, WINDOW)
    return 10 * np.log10(np.mean(windows ** 2, axis=1) + 1e-20), windows


def power_db(windows):
    return 10 * np.log10(np.mean(windows ** 2) + 1e-20)


def mixture(speech, noise, snr):
    """(clean, noisy, speaking windows, silent windows): `speech` padded, with `noise` looped under it at `snr`."""
    clean = np.concatenate([np.zeros(RATE), speech, np.zeros(RATE // 2)])
    levels, windows = window_levels(clean)
    speaking = levels > levels.max() - 30
    silent = levels < levels.max() - 60
    silent[:RATE // 2 // WINDOW] = False  # an enhancer's first half second is its to learn the noise in
    looped = np.tile(noise, int(np.ceil(len(clean) / len(noise))))[:len(clean)]
    looped *= 10 ** ((power_db(windows[speaking]) - snr - power_db(looped)) / 20)
    return clean, clean + looped, speaking, silent


def measure(samples, length, speaking, silent):
    """(floor dB, speech dB) of `samples` (cut or padded to `length`) in the clean clip's windows."""
    samples = np.concatenate([samples, np.zeros(max(0, length - len(samples)))])[:length]
    _, windows = window_levels(samples)
    return power_db(windows[silent]), power_db(windows[speaking])


def voicerec(binary, library, arguments):
    result = subprocess.run([binary, "memos", "--data-dir", library] + arguments, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"voicerec memos {arguments[0]} failed: {result.stderr.strip()}")
    return json.loads(result.stdout.splitlines()[0])


def build_peer(directory):
    binary = os.path.join(directory, "speexdsp_preprocess")
    result = subprocess.run(["gcc", "-O2", "-o", binary, os.path.join(REPO, "benchmarks", "speexdsp_preprocess.c"),
                             "-lspeexdsp"], capture_output=True, text=True)
    if result.returncode != 0:
        fail("the peer could not be built (apt-get install gcc libspeexdsp-dev): " + result.stderr.strip())
    return binary


def peer(binary, samples):
    pcm = (np.clip(samples, -1, 1) * 32767).astype(np.int16).tobytes()
    out = subprocess.run([binary, str(RATE), "-30"], input=pcm, capture_output=True, check=True).stdout
    return np.frombuffer(out, np.int16).astype(np.float64) / 32768


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    tb = transcription_benchmark()
    parser.add_argument("--voicerec", default=tb.default_voicerec(),
                        help="the voicerec executable (default: this checkout's .build/{release,debug}/voicerec)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--no-peer", action="store_true", help="leave speexdsp out (a run a third shorter)")
    parser.add_argument("--prompts", type=int, default=60, help="how many prompts beside the ten clips (default 60)")
    args = parser.parse_args()
    if not args.voicerec or not os.access(args.voicerec, os.X_OK):
        fail("no voicerec executable: build it (swift build) or pass --voicerec PATH")
    for path in NOISES.values():
        if not os.path.exists(path):
            fail(f"{path} is missing: install Debian's sonic-pi-samples (apt-get install sonic-pi-samples)")
    data = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    speech_home = os.environ.get("VOICERECORDER_SPEECH_HOME") or os.path.join(data, "voicerecorder", "speech")

    rows = {}  # (noise, snr) -> {version: [floor, speech-change, errors]} summed over clips; plus words
    heard_lines = []  # per clip, noise and SNR: what each version was heard as
    with tempfile.TemporaryDirectory(prefix="enhance-benchmark.") as scratch:
        speex = build_peer(scratch)
        library = os.path.join(scratch, "library")
        engine = tb.Engine(os.path.join(speech_home, "venv", "bin", "python"))
        noises = {name: decode(path) for name, path in NOISES.items()}
        for _, clip, wav, reference in tb.clips() + prompts(tb, args.prompts):
            speech = decode(wav)
            for noise_name, noise in noises.items():
                for snr in SNRS:
                    clean, noisy, speaking, silent = mixture(speech, noise, snr)
                    mixed = os.path.join(scratch, f"{clip}.wav")
                    write_wav(noisy, mixed)
                    memo = voicerec(args.voicerec, library, ["add", mixed])
                    exported = os.path.join(scratch, f"{clip}-{snr}-enhanced.m4a")
                    voicerec(args.voicerec, library, ["export", memo["id"], exported, "--enhance"])
                    recorded = decode(memo["file"])
                    peer_wav = os.path.join(scratch, f"{clip}-{snr}-speexdsp.wav")
                    if not args.no_peer:
                        write_wav(peer(speex, recorded), peer_wav)
                    _, clean_speech = measure(clean, len(clean), speaking, silent)
                    row = rows.setdefault((noise_name, snr), {"words": 0, "clips": 0})
                    row["words"] += len(reference)
                    row["clips"] += 1
                    for version, path in zip(VERSIONS, (memo["file"], exported, peer_wav)):
                        if version == "speexdsp" and args.no_peer:
                            continue
                        floor, level = measure(decode(path), len(clean), speaking, silent)
                        _, done = engine.transcribe(path)
                        heard = tb.normalise(" ".join(w["text"] for w in done["words"]))
                        figures = row.setdefault(version, {"floor": [], "speech": [], "errors": 0})
                        figures["floor"].append(floor)
                        figures["speech"].append(level - clean_speech)
                        figures["errors"] += tb.errors(reference, heard)
                        heard_lines.append({"clip": clip, "noise": noise_name, "snr": snr, "version": version,
                                            "errors": tb.errors(reference, heard), "heard": " ".join(heard),
                                            "reference": " ".join(reference)})
                    os.remove(exported)
                    voicerec(args.voicerec, library, ["delete", memo["id"]])
                    voicerec(args.voicerec, library, ["purge", memo["id"]])
        engine.quit()

    print(f"{'noise':<11} {'SNR':>3}  {'floor: recorded':>15} {'enhanced':>9} {'speexdsp':>9}   "
          f"{'speech: enhanced':>16} {'speexdsp':>9}   {'WER: recorded':>13} {'enhanced':>9} {'speexdsp':>9}")
    versions = VERSIONS[:2] if args.no_peer else VERSIONS
    summary, totals = [], {version: [0, 0] for version in versions}
    for (noise_name, snr), row in rows.items():
        floors = {v: float(np.mean(row[v]["floor"])) for v in versions}
        speech = {v: float(np.mean(row[v]["speech"])) for v in versions}
        wer = {v: row[v]["errors"] / row["words"] for v in versions}
        for v in versions:
            totals[v][0] += row[v]["errors"]
            totals[v][1] += row["words"]
        drop = {v: floors["recorded"] - floors[v] for v in versions}
        worst_drop = min(r - e for r, e in zip(row["recorded"]["floor"], row["enhanced"]["floor"]))
        speech_range = (min(row["enhanced"]["speech"]), max(row["enhanced"]["speech"]))
        summary.append({"noise": noise_name, "snr": snr, "clips": row["clips"], "words": row["words"],
                        "floorDB": floors, "floorDropDB": drop, "worstEnhancedDropDB": worst_drop,
                        "speechChangeDB": speech, "enhancedSpeechRangeDB": speech_range, "wer": wer})
        nan = float("nan")
        print(f"{noise_name:<11} {snr:3}  {floors['recorded']:12.1f} dB {-drop['enhanced']:+8.1f} "
              f"{-drop.get('speexdsp', nan):+8.1f}   {speech['enhanced']:+13.1f} dB {speech.get('speexdsp', nan):+8.1f}   "
              f"{100 * wer['recorded']:12.1f}% {100 * wer['enhanced']:8.1f}% {100 * wer.get('speexdsp', nan):8.1f}%")
    overall = {v: totals[v][0] / totals[v][1] for v in versions}
    print(f"all: WER recorded {100 * overall['recorded']:.1f}%, enhanced {100 * overall['enhanced']:.1f}%, "
          f"speexdsp {100 * overall.get('speexdsp', float('nan')):.1f}% ({totals['recorded'][1]} words)")
    floor_met = all(s["floorDropDB"]["enhanced"] >= FLOOR_GOAL for s in summary)
    level_met = all(abs(s["speechChangeDB"]["enhanced"]) <= LEVEL_GOAL for s in summary)
    wer_met = overall["enhanced"] <= overall["recorded"]
    print(f"goals: floor down >= {FLOOR_GOAL:.0f} dB at every noise and SNR: {'met' if floor_met else 'MISSED'}; "
          f"speech within {LEVEL_GOAL:.0f} dB: {'met' if level_met else 'MISSED'}; "
          f"WER no worse than recorded: {'met' if wer_met else 'MISSED'}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"conditions": summary, "wer": overall, "clips": heard_lines}, f, indent=2)


if __name__ == "__main__":
    main()
