#!/usr/bin/env python3
"""Measures the Voice Memos window on a library of 10,000 memos, against one of 100 in the same run.

Usage: scripts/memos-window-benchmark.py [--runs N]   (builds the release app and memos-benchmark first)

For each library (made by `memos-benchmark --build-library`: real rows, a full waveform each, a file per memo):
- open: from starting the app to its `ready` line (the window drawn with its first screen of rows), and to the
  `list` line that counts every memo (the rest read, with the start-up check), median of N starts;
- scrolling: the mouse wheel turned 100 notches over the list, 20 ms apart (a fast, steady spin); the time
  between painted frames (`--frame-lines`) while the list moves: median, 99th percentile, the longest, and frames
  over 50 ms (a stall a person sees).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from memos_driver import ROOT, App, Machine

RELEASE = os.path.join(ROOT, ".build", "release")


def build():
    for product in ("voice-memos", "memos-benchmark"):
        # Built as scripts/voice-memos.sh builds the app: the Swift runtime linked in.
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", product], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)


def scroll(app):
    """Spins the wheel over the list; returns the frame intervals (ms) while it moved, the layout phases of those
    frames that laid out (ms), and how far it went."""
    x, y = 280, 300
    app.xdotool("mousemove", "--window", app.window, str(x), str(y))
    time.sleep(0.5)
    since = app.count()
    app.xdotool("click", "--repeat", "100", "--delay", "20", "5")
    time.sleep(1.0)
    with app.lock:
        frames = [e for e in app.events[since:] if e.get("event") == "frame"]
    moving = [f for i, f in enumerate(frames) if i > 0 and f["scroll"] != frames[i - 1]["scroll"]]
    if len(moving) < 2:
        return [], [], 0
    first, last = frames.index(moving[0]), frames.index(moving[-1])
    times = [f["t"] for f in frames[first - 1:last + 1]]
    intervals = [(b - a) * 1000 for a, b in zip(times, times[1:])]
    layouts = [f["layoutMs"] for f in frames[first:last + 1] if f.get("layoutMs", 0) > 0]
    return intervals, layouts, moving[-1]["scroll"] - frames[0]["scroll"]


def measure(machine, library, count, runs):
    opens, lists, intervals, layouts, distance = [], [], [], [], 0
    for run in range(runs):
        app = App(machine, ["--frame-lines"], app=os.path.join(RELEASE, "voice-memos"), data_dir=library)
        opens.append(app.seconds_to_ready * 1000)
        listed = app.wait_for("list", where=lambda e: e.get("list") == "memos" and e.get("count") == count)
        lists.append((listed["_received"] - app.started) * 1000)
        if run == runs - 1:
            intervals, layouts, distance = scroll(app)
        app.quit()
    intervals.sort()
    p99 = intervals[min(len(intervals) - 1, int(0.99 * len(intervals)))] if intervals else float("nan")
    return {
        "open": statistics.median(opens),
        "listed": statistics.median(lists),
        "frame": statistics.median(intervals) if intervals else float("nan"),
        "p99": p99,
        "longest": intervals[-1] if intervals else float("nan"),
        "layout": statistics.median(layouts) if layouts else float("nan"),
        "stalls": sum(1 for i in intervals if i > 50),
        "frames": len(intervals),
        "distance": distance,
    }


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    build()
    scratch = tempfile.mkdtemp(prefix="memos-window-", dir="/tmp")
    machine = Machine(scratch, display=":74")
    try:
        results = {}
        for count in (100, 10_000):
            library = os.path.join(scratch, f"library-{count}")
            subprocess.run([os.path.join(RELEASE, "memos-benchmark"), "--build-library", str(count), library],
                           check=True)
            results[count] = measure(machine, library, count, runs)
        small, large = results[100], results[10_000]
        print("| measure | 100 memos | 10,000 memos | ratio | goal at 10,000 |")
        print("|---|---:|---:|---:|---|")
        goal = "≤ 500 ms: " + ("met" if large["open"] <= 500 else "**missed**")
        print(f"| start → window ready with its first rows, ms (median of {runs}) | {small['open']:.0f} | "
              f"{large['open']:.0f} | {large['open'] / small['open']:.2f} | {goal} |")
        print(f"| start → every memo in the list, ms (median of {runs}) | {small['listed']:.0f} | "
              f"{large['listed']:.0f} | {large['listed'] / small['listed']:.2f} | |")
        for key, label in (("frame", "frame interval while scrolling, median, ms"),
                           ("p99", "frame interval while scrolling, 99th percentile, ms"),
                           ("longest", "longest frame interval while scrolling, ms"),
                           ("layout", "a frame's layout phase while scrolling, median, ms")):
            print(f"| {label} | {small[key]:.1f} | {large[key]:.1f} | {large[key] / small[key]:.2f} | |")
        stalls = "none: met" if large["stalls"] == 0 else f"**{large['stalls']}**"
        print(f"| frames over 50 ms while scrolling | {small['stalls']} of {small['frames']} | "
              f"{large['stalls']} of {large['frames']} | | {stalls} |")
        print(f"\nScrolled {small['distance']:.0f} px (100 memos) and {large['distance']:.0f} px "
              "(10,000), 100 wheel notches 20 ms apart; Xvfb, Cairo renderer, release build.")
    finally:
        machine.stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
