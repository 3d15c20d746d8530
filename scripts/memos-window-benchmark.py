#!/usr/bin/env python3
"""Measures the Voice Memos window on a library of 10,000 memos, against one of 100 in the same run, and against
GNOME Sound Recorder 43 with 1,000 recordings each.

Usage: scripts/memos-window-benchmark.py [--runs N] [--peer-runs N]
  (installs what it needs, builds the release app and memos-benchmark first; about 5 minutes)

For each library (made by `memos-benchmark --build-library`: real rows, a full waveform each, a file per memo):
- open: from starting the app to its `ready` line (the window drawn with its first screen of rows), and to the
  `list` line that counts every memo (the rest read, with the start-up check), median of N starts (default 5);
- resting memory: once every memo is in the list and the window has been idle 2 s, the resident set (RSS) and the
  private dirty memory (/proc/PID/smaps_rollup), median of those N starts (GTK's Cairo renderer), and of N more
  under GTK's default renderer (GL, on llvmpipe here), 100 and 10,000 memos alternating;
- scrolling: the mouse wheel turned 100 notches over the list, 20 ms apart (a fast, steady spin); the time
  between painted frames (`--frame-lines`) while the list moves: median, 99th percentile, the longest, and frames
  over 50 ms (a stall a person sees).

Against GNOME Sound Recorder (benchmarks/sound_recorder_peer.py says what its library holds and why), each app with
1,000 three-second recordings in a home directory of its own, started as a person starts it (no options, its
library where it looks by default, a session bus of its own from dbus-run-session), ours then the peer, N times
(default 3), under each renderer; medians of: launch → its first window mapped; its peak RSS and RSS 6 s after
launch; its CPU seconds (user + system, with its child processes) in those 6 s (benchmarks/window_start.py).
A first start of each, not counted, fills the caches a person's machine already has (GStreamer's plugin registry,
the files read at start-up).
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
from memos_driver import ROOT, App, Machine

sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import process_figures  # noqa: E402
import sound_recorder_peer as peer  # noqa: E402
import window_start  # noqa: E402

RELEASE = os.path.join(ROOT, ".build", "release")
# The speech engine as scripts/install-speech-engine.sh installs it (none: the app transcribes nothing).
SPEECH_HOME = next((home for home in (os.environ.get("VOICERECORDER_SPEECH_HOME"),
                                      os.path.expanduser("~/.local/share/voicerecorder/speech"))
                    if home and os.path.isdir(home)), None)
PROGRAM = os.path.basename(sys.argv[0])
# As a person starts the apps (GTK's default: GL, on llvmpipe here — which Voice Memos declines without a GPU, see
# SoftwareGL), and with GSK_RENDERER=cairo (which still makes GTK set up GL).
RENDERERS = (("started as a person starts it (GTK's default; Voice Memos without GL, as there is no GPU)", None),
             ("GSK_RENDERER=cairo", "cairo"))
GROWTH_GOAL_MIB = 15
PEER_RECORDINGS = 1_000
PEER_SECONDS = 3
AT_SECONDS = 6.0


def fail(message):
    raise SystemExit(f"{PROGRAM}: {message}")


def install():
    """The project's packages, and the peer's: GNOME Sound Recorder is only this benchmark's."""
    subprocess.run([os.path.join(ROOT, "scripts", "install-deps.sh")], check=True)
    missing = [p for p in peer.PACKAGES
               if "install ok installed" not in subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                                                               capture_output=True, text=True).stdout]
    if missing:
        print(f"Installing missing Debian packages: {' '.join(missing)}", file=sys.stderr)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        steps = [sudo + ["apt-get", "update", "-qq"], sudo + ["apt-get", "install", "-y", "-qq"] + missing]
        for step in steps:
            if subprocess.run(step, env=env, stdout=subprocess.DEVNULL).returncode != 0:
                fail(f"could not install {' '.join(missing)} (apt-get failed)")
    for command in ("gnome-sound-recorder", "dbus-run-session", "xev", "gst-launch-1.0"):
        if shutil.which(command) is None:
            fail(f"{command} is missing after the install step")


def build():
    for product in ("voice-memos", "memos-benchmark"):
        # Built as scripts/voice-memos.sh builds the app: the Swift runtime linked in.
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", product], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
    # A just-linked executable's pages stay dirty in the page cache until written back, and until then count as the
    # process's private dirty memory.
    subprocess.run(["sync"], check=True)


def build_library(count, directory):
    subprocess.run([os.path.join(RELEASE, "memos-benchmark"), "--build-library", str(count), directory], check=True)


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


def open_at_rest(machine, library, count, arguments=(), environment=None):
    """Starts the app on `library` and waits until every memo is listed and the window has been idle 2 s; returns
    the app and its memory then (MiB)."""
    app = App(machine, list(arguments), app=os.path.join(RELEASE, "voice-memos"), data_dir=library,
              environment=environment)
    app.wait_for("list", timeout=20, where=lambda e: e.get("list") == "memos" and e.get("count") == count)
    time.sleep(2.0)
    rollup = process_figures.smaps_rollup_mib(app.process.pid)
    return app, {"rss": rollup["Rss"], "privateDirty": rollup["Private_Dirty"]}


def measure(machine, library, count, runs):
    """The open times, the resting memory and the scroll, under the machine's renderer (Cairo)."""
    opens, lists, memory, intervals, layouts, distance = [], [], [], [], [], 0
    for run in range(runs):
        app, resting = open_at_rest(machine, library, count, ["--frame-lines"])
        opens.append(app.seconds_to_ready * 1000)
        listed = app.wait_for("list", where=lambda e: e.get("list") == "memos" and e.get("count") == count)
        lists.append((listed["_received"] - app.started) * 1000)
        memory.append(resting)
        if run == runs - 1:
            intervals, layouts, distance = scroll(app)
        app.quit()
    intervals.sort()
    p99 = intervals[min(len(intervals) - 1, int(0.99 * len(intervals)))] if intervals else float("nan")
    return {
        "open": statistics.median(opens),
        "listed": statistics.median(lists),
        "rss": statistics.median(m["rss"] for m in memory),
        "privateDirty": statistics.median(m["privateDirty"] for m in memory),
        "frame": statistics.median(intervals) if intervals else float("nan"),
        "p99": p99,
        "longest": intervals[-1] if intervals else float("nan"),
        "layout": statistics.median(layouts) if layouts else float("nan"),
        "stalls": sum(1 for i in intervals if i > 50),
        "frames": len(intervals),
        "distance": distance,
    }


def resting_memory(machine, libraries, runs, renderer):
    """Medians of the resting memory at each library size under `renderer`, the sizes alternating."""
    memory = {count: [] for count in libraries}
    for _ in range(runs):
        for count, library in libraries.items():
            app, resting = open_at_rest(machine, library, count, environment={"GSK_RENDERER": renderer})
            memory[count].append(resting)
            app.quit()
    return {count: {key: statistics.median(m[key] for m in found) for key in ("rss", "privateDirty")}
            for count, found in memory.items()}


def compare_with_peer(machine, watch, homes, runs, renderer):
    """Ours then the peer, `runs` times, after a start of each not counted; the medians of each."""
    apps = {
        "ours": (["dbus-run-session", "--", os.path.join(RELEASE, "voice-memos")], "voice-memos", "Voice Memos"),
        "peer": (peer.command(), peer.PROCESS_NAME, peer.WINDOW_NAME),
    }
    figures = {name: [] for name in apps}
    for run in range(runs + 1):
        for name, (command, process_name, window_name) in apps.items():
            env = dict(machine.env, **peer.home_environment(homes[name]))
            if name == "ours" and SPEECH_HOME:
                # The installed speech engine: the app starts it when it has a memo to transcribe (SPEC E.1).
                env["VOICERECORDER_SPEECH_HOME"] = SPEECH_HOME
            env.pop("DBUS_SESSION_BUS_ADDRESS")
            env.pop("GSK_RENDERER")
            if renderer:
                env["GSK_RENDERER"] = renderer
            # The first start only warms the caches: it is ended once its window is up.
            at = AT_SECONDS if run > 0 else 2.0
            measured = window_start.measure(watch, command, env, process_name, window_name, at_seconds=at,
                                            what="Voice Memos" if name == "ours" else "GNOME Sound Recorder")
            if run > 0:
                figures[name].append(measured)
    return {name: {key: statistics.median(f[key] for f in found) for key in found[0]}
            for name, found in figures.items()}


def verdict(ratio, goal):
    return f"≤ {goal}×: " + ("met" if ratio <= goal else "**missed**")


def print_window(results, runs):
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


def print_resting(memory, runs):
    print("\n| resting memory (every memo listed, 2 s idle) | 100 memos | 10,000 memos | difference | "
          "per memo | goal at 10,000 |")
    print("|---|---:|---:|---:|---:|---|")
    for renderer, by_count in memory:
        small, large = by_count[100], by_count[10_000]
        for key, label in (("rss", "RSS"), ("privateDirty", "private dirty")):
            growth = large[key] - small[key]
            goal = ""
            if key == "rss":
                goal = f"≤ +{GROWTH_GOAL_MIB} MiB: " + ("met" if growth <= GROWTH_GOAL_MIB else "**missed**")
            print(f"| {label}, {renderer}, MiB (median of {runs}) | {small[key]:.1f} | {large[key]:.1f} | "
                  f"{growth:+.1f} | {growth * 1024 * 1024 / 9_900 / 1000:.2f} KB | {goal} |")


def print_peer(comparisons, runs):
    for renderer, result in comparisons:
        ours, theirs = result["ours"], result["peer"]
        print(f"\n| {renderer}: {PEER_RECORDINGS:,} recordings each, median of {runs} | Voice Memos | "
              "GNOME Sound Recorder 43 | ratio | goal |")
        print("|---|---:|---:|---:|---|")
        for key, label, unit, goal in (
                ("window", "launch → first window mapped", "s", 0.5),
                ("peak", f"peak RSS in the first {AT_SECONDS:.0f} s", "MiB", 0.4),
                ("rest", f"RSS {AT_SECONDS:.0f} s after launch", "MiB", 0.4),
                ("privateDirty", f"private dirty {AT_SECONDS:.0f} s after launch", "MiB", None),
                ("treePeak", f"peak RSS in the first {AT_SECONDS:.0f} s, with helper processes", "MiB", 0.4),
                ("cpu", f"CPU in the first {AT_SECONDS:.0f} s (user + system, with children)", "s", 0.1)):
            ratio = ours[key] / theirs[key]
            digits = 2 if unit == "s" else 1
            print(f"| {label}, {unit} | {ours[key]:.{digits}f} | {theirs[key]:.{digits}f} | {ratio:.2f} | "
                  f"{verdict(ratio, goal) if goal else ''} |")


def peer_only(peer_runs):
    """Only the comparison with GNOME Sound Recorder (`--peer-only`)."""
    scratch = tempfile.mkdtemp(prefix="memos-window-", dir="/tmp")
    machine = Machine(scratch)
    watch = None
    try:
        homes = {name: os.path.join(scratch, f"home-{name}") for name in ("ours", "peer")}
        build_library(PEER_RECORDINGS, os.path.join(homes["ours"], ".local", "share", "voicerecorder"))
        peer.make_library(homes["peer"], PEER_RECORDINGS, PEER_SECONDS, newest=int(time.time()))
        watch = window_start.MapWatch(machine.env)
        print_peer([(label, compare_with_peer(machine, watch, homes, peer_runs, renderer))
                    for label, renderer in RENDERERS], peer_runs)
    finally:
        if watch:
            watch.stop()
        machine.stop()
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    peer_runs = int(sys.argv[sys.argv.index("--peer-runs") + 1]) if "--peer-runs" in sys.argv else 3
    install()
    build()
    if "--peer-only" in sys.argv:
        return peer_only(peer_runs)
    scratch = tempfile.mkdtemp(prefix="memos-window-", dir="/tmp")
    machine = Machine(scratch)
    watch = None
    try:
        libraries = {}
        for count in (100, 10_000):
            libraries[count] = os.path.join(scratch, f"library-{count}")
            build_library(count, libraries[count])
        homes = {name: os.path.join(scratch, f"home-{name}") for name in ("ours", "peer")}
        # Our library where the app looks by default ($XDG_DATA_HOME/voicerecorder); the peer's in its own place.
        build_library(PEER_RECORDINGS, os.path.join(homes["ours"], ".local", "share", "voicerecorder"))
        peer.make_library(homes["peer"], PEER_RECORDINGS, PEER_SECONDS, newest=int(time.time()))

        results = {count: measure(machine, library, count, runs) for count, library in libraries.items()}
        memory = [("Cairo", {count: {key: results[count][key] for key in ("rss", "privateDirty")}
                             for count in libraries}),
                  ("default (no GL without a GPU)", resting_memory(machine, libraries, runs, renderer=None))]
        watch = window_start.MapWatch(machine.env)
        comparisons = [(label, compare_with_peer(machine, watch, homes, peer_runs, renderer))
                       for label, renderer in RENDERERS]

        print_window(results, runs)
        print_resting(memory, runs)
        print_peer(comparisons, peer_runs)
        print(f"\nXvfb, release build; ours: `memos-benchmark --build-library {PEER_RECORDINGS}` rows (their audio "
              f"one linked 1 s file: the app reads lengths and waveforms from its database); the peer: "
              f"{PEER_RECORDINGS:,} {PEER_SECONDS} s FLAC files with their waveform caches.")
    finally:
        if watch:
            watch.stop()
        machine.stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
