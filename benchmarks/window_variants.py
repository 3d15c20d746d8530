#!/usr/bin/env python3
"""What each part of the Voice Memos window's start costs, found by taking it away: the same release app started
in Xvfb with GTK's default (GL) renderer, with GSK_RENDERER=cairo, and with GL never initialised
(GDK_DEBUG=gl-disable, which also leaves GSK on Cairo), and each of these again with a build that does not load
FFmpeg at start, when one is given.

Usage: benchmarks/window_variants.py [--runs N] [--memos N] [--without-ffmpeg-app PATH]
  (needs the release app; --memos needs memos-benchmark; --without-ffmpeg-app is a build of the app whose
  composition skips FFmpegLibraries.loadInBackground())

For each variant, median of N starts (default 5; the variants alternate, after one start of each not counted):
launch → the window mapped (the X server's MapNotify), launch → the app's `ready` line (its first screen drawn),
and at rest (every memo listed, 2 s idle): RSS, private dirty, shared objects mapped, CPU seconds since launch.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The helper modules are imported from the tree: leave no bytecode caches in it.
sys.dont_write_bytecode = True

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from memos_driver import App, Machine  # noqa: E402
import process_figures  # noqa: E402
import window_start  # noqa: E402

RELEASE = os.path.join(ROOT, ".build", "release")
RENDERERS = [
    ("GTK's default: GL renderer", {"GSK_RENDERER": None}),
    ("GSK_RENDERER=cairo", {"GSK_RENDERER": "cairo"}),
    ("GDK_DEBUG=gl-disable (Cairo, GL never loaded)", {"GSK_RENDERER": None, "GDK_DEBUG": "gl-disable"}),
]


def option(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def shared_objects(pid):
    with open(f"/proc/{pid}/maps") as f:
        return len({line.split()[-1] for line in f if ".so" in line.split()[-1]})


def start(machine, watch, app_path, library, memos, environment):
    app = App(machine, [], app=app_path, data_dir=library, environment=environment)
    window = int(app.window)
    mapped = next((at for at, w in watch.mapped_since(app.started) if w == window), None)
    if memos:
        app.wait_for("list", timeout=20, where=lambda e: e.get("list") == "memos" and e.get("count") == memos)
    time.sleep(2.0)
    pid = app.process.pid
    rollup = process_figures.smaps_rollup_mib(pid)
    figures = {"mapped": (mapped - app.started) * 1000 if mapped else float("nan"),
               "ready": app.seconds_to_ready * 1000, "rss": rollup["Rss"], "privateDirty": rollup["Private_Dirty"],
               "objects": shared_objects(pid), "cpu": process_figures.cpu_seconds(pid)}
    app.quit()
    return figures


def main():
    runs = int(option("--runs", "5"))
    memos = int(option("--memos", "0"))
    without_ffmpeg = option("--without-ffmpeg-app")
    app_path = os.path.join(RELEASE, "voice-memos")
    if not os.path.exists(app_path):
        raise SystemExit(f"{os.path.basename(sys.argv[0])}: no release app at {app_path}")
    variants = [(label, app_path, env) for label, env in RENDERERS]
    if without_ffmpeg:
        variants += [(label + ", FFmpeg not loaded at start", without_ffmpeg, env) for label, env in RENDERERS]
    scratch = tempfile.mkdtemp(prefix="window-variants-", dir="/tmp")
    machine = Machine(scratch)
    watch = window_start.MapWatch(machine.env)
    try:
        library = os.path.join(scratch, "library")
        if memos:
            subprocess.run([os.path.join(RELEASE, "memos-benchmark"), "--build-library", str(memos), library],
                           check=True)
        found = {label: [] for label, _, _ in variants}
        for run in range(runs + 1):
            for label, path, env in variants:
                figures = start(machine, watch, path, library, memos, env)
                if run > 0:
                    found[label].append(figures)
    finally:
        watch.stop()
        machine.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"| {memos:,} memos, median of {runs} | window mapped, ms | ready, ms | RSS at rest, MiB | "
          "private dirty, MiB | shared objects | CPU to rest, s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, _, _ in variants:
        m = {key: statistics.median(f[key] for f in found[label]) for key in found[label][0]}
        print(f"| {label} | {m['mapped']:.0f} | {m['ready']:.0f} | {m['rss']:.1f} | {m['privateDirty']:.1f} | "
              f"{m['objects']:.0f} | {m['cpu']:.2f} |")


if __name__ == "__main__":
    main()
