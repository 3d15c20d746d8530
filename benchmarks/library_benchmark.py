#!/usr/bin/python3
"""The cost of the control in a PyGObject app (SPEC H.4): the same GTK window with the hold-to-record control and
with a plain button beside its entry, started alternately in one Xvfb against one sound server: launch → first
frame, and resident memory once it has drawn; and the size of the installed, stripped library.

    benchmarks/library_benchmark.py PREFIX [--runs N]

PREFIX is where scripts/install-library.sh installed the library. Goals: at most +60 ms and +20 MiB, and 25 MB.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from memos_driver import start_xvfb  # noqa: E402


def resident(pid):
    """VmRSS and VmHWM of `pid`, in MiB."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def one_start(kind, env):
    """Starts the window, waits for its first frame and a second more; returns (ms to first frame, RSS MiB)."""
    launched = time.monotonic()
    window = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "library_window.py"), kind], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = window.stdout.readline().split()
        if len(line) != 2 or line[0] != "first-frame":
            sys.exit(f"library_benchmark: the {kind} window drew no frame")
        first_frame = float(line[1]) - launched
        time.sleep(1)  # settled: what it holds once shown, not while drawing
        rss, _ = resident(window.pid)
        return first_frame * 1000, rss
    finally:
        window.kill()
        window.wait()


def library_sizes(prefix):
    """The installed library's size, and the part of it that is ICU's data (linked in with Foundation)."""
    path = os.path.join(prefix, "lib", "libvoicerecorder-gtk-1.so.0")
    size = os.path.getsize(path)
    sections = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    rodata = 0
    for line in sections.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 6 and parts[1] == ".rodata":
            rodata = int(parts[5], 16)
    return size, rodata


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("prefix")
    parser.add_argument("--runs", type=int, default=10)
    arguments = parser.parse_args()
    prefix = os.path.abspath(arguments.prefix)

    scratch = tempfile.mkdtemp(prefix="voicerecorder-library-benchmark.")
    xvfb, display = start_xvfb("800x700x24")
    sound_dir = os.path.join(scratch, "sound")
    sound_env = dict(os.environ, VOICERECORDER_SOUND_DIR=sound_dir)
    subprocess.run([os.path.join(ROOT, "scripts", "sound-server.sh"), "start"], env=sound_env, check=True,
                   stdout=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=display, PULSE_SERVER="unix:" + os.path.join(sound_dir, "pulse", "native"),
               GI_TYPELIB_PATH=os.path.join(prefix, "lib", "girepository-1.0"), HOME=scratch,
               XDG_CACHE_HOME=os.path.join(scratch, "cache"), DBUS_SESSION_BUS_ADDRESS="disabled:",
               GTK_A11Y="none", NO_AT_BRIDGE="1", GSK_RENDERER="cairo")
    figures = {"control": [], "button": []}
    try:
        one_start("button", env)  # the first start of anything reads the disk: not counted
        one_start("control", env)
        for _ in range(arguments.runs):
            for kind in ("control", "button"):
                figures[kind].append(one_start(kind, env))
    finally:
        xvfb.kill()
        subprocess.run([os.path.join(ROOT, "scripts", "sound-server.sh"), "stop"], env=sound_env,
                       stdout=subprocess.DEVNULL)

    def median(kind, index):
        return statistics.median(run[index] for run in figures[kind])

    def spread(kind, index):
        values = [run[index] for run in figures[kind]]
        return f"{min(values):.0f}–{max(values):.0f}"

    frame_cost = median("control", 0) - median("button", 0)
    memory_cost = median("control", 1) - median("button", 1)
    size, rodata = library_sizes(prefix)
    print(f"PyGObject window, {arguments.runs} starts of each, alternating; Xvfb, GSK_RENDERER=cairo")
    print("| | with the control | with a plain button | the control's cost | goal |")
    print("|---|---|---|---|---|")
    print(f"| launch → first frame, median (range) | {median('control', 0):.0f} ms ({spread('control', 0)}) "
          f"| {median('button', 0):.0f} ms ({spread('button', 0)}) | {frame_cost:+.0f} ms | ≤ +60 ms |")
    print(f"| resident memory once drawn, median (range) | {median('control', 1):.1f} MiB "
          f"({spread('control', 1)}) | {median('button', 1):.1f} MiB ({spread('button', 1)}) "
          f"| {memory_cost:+.1f} MiB | ≤ +20 MiB |")
    print(f"| the stripped library | {size / 1e6:.1f} MB, of which read-only data {rodata / 1e6:.1f} MB | | "
          f"| ≤ 25 MB |")


if __name__ == "__main__":
    main()
