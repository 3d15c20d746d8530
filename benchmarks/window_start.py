"""One start of a GUI app in the benchmark's X server, measured the same way for every app: launch → its first
window mapped, then its peak and current resident memory and its CPU time at a given second after launch.

The window is seen mapped when the X server reports it: `xev -root -event substructure` prints each top-level
MapNotify as it happens, and `xdotool search --onlyvisible` confirms the window by name. (`xdotool search --sync`
alone tries again only every 0.5 s, which would round every start up to the next half second.)
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time

import process_figures

MAPPED = re.compile(r"^\s+event 0x[0-9a-f]+, window (0x[0-9a-f]+), override (YES|NO)")


class MapWatch:
    """Every top-level window mapped on the display, with when it was reported."""

    def __init__(self, env):
        self.env = env
        self.lock = threading.Lock()
        self.maps = []
        self.process = subprocess.Popen(["xev", "-root", "-event", "substructure"], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        header_at = None
        for line in self.process.stdout:
            if line.startswith("MapNotify event"):
                header_at = time.monotonic()
                continue
            match = MAPPED.match(line) if header_at is not None else None
            if match and match.group(2) == "NO":
                with self.lock:
                    self.maps.append((header_at, int(match.group(1), 16)))
            header_at = None

    def mapped_since(self, instant):
        with self.lock:
            return [(at, window) for at, window in self.maps if at >= instant]

    def stop(self):
        self.process.kill()
        self.process.wait()


def visible_windows(env, name):
    result = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(name)}$"], env=env,
                            capture_output=True, text=True)
    return {int(window) for window in result.stdout.split()}


def tree_cpu_seconds(pid):
    """CPU seconds of `pid` with its children: those it has waited for and those still running."""
    total, queue = process_figures.cpu_seconds(pid), process_figures.children(pid)
    while queue:
        child = queue.pop()
        try:
            total += process_figures.cpu_seconds(child)
        except FileNotFoundError:
            continue
        queue += process_figures.children(child)
    return total


def tree_memory_mib(pid):
    """VmHWM and VmRSS of `pid` and every process under it, added up (a helper such as the speech engine counts)."""
    total, queue = {"VmHWM": 0.0, "VmRSS": 0.0}, [pid]
    while queue:
        current = queue.pop()
        try:
            for key, value in process_figures.status_mib(current, "VmHWM", "VmRSS").items():
                total[key] += value
        except FileNotFoundError:
            continue
        queue += process_figures.children(current)
    return total


def measure(watch, command, env, process_name, window_name, at_seconds=6.0, timeout=30.0, what=None):
    """Starts `command`, and returns {"window": s to its first window named `window_name` mapped, "peak": MiB,
    "rest": MiB (VmHWM and VmRSS at `at_seconds`), "privateDirty": MiB, "cpu": s until `at_seconds`}; then ends it
    (the whole process group). `process_name` picks the app out of a wrapper's processes."""
    what = what or window_name
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        window_at, pid, checked = None, None, set()
        while window_at is None:
            if time.monotonic() - started > timeout:
                fail(f"{what}'s window did not appear within {timeout:.0f} s")
            if process.poll() is not None:
                fail(f"{what} exited (status {process.returncode}) before its window appeared")
            for at, window in watch.mapped_since(started):
                if window not in checked:
                    checked.add(window)
                    if window in visible_windows(env, window_name):
                        window_at = at
                        break
            pid = pid or process_figures.descendant_named(process.pid, process_name)
            time.sleep(0.01)
        while pid is None and time.monotonic() - started < at_seconds:
            pid = process_figures.descendant_named(process.pid, process_name)
            time.sleep(0.01)
        if pid is None:
            fail(f"no process named {process_name} under {command[0]}")
        time.sleep(max(0.0, started + at_seconds - time.monotonic()))
        memory = process_figures.status_mib(pid, "VmHWM", "VmRSS")
        rollup = process_figures.smaps_rollup_mib(pid)
        tree = tree_memory_mib(pid)
        return {"window": window_at - started, "peak": memory["VmHWM"], "rest": memory["VmRSS"],
                "privateDirty": rollup["Private_Dirty"], "cpu": tree_cpu_seconds(pid),
                "treePeak": tree["VmHWM"], "treeRest": tree["VmRSS"]}
    finally:
        end(process)


def end(process):
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def fail(message):
    raise SystemExit(f"{os.path.basename(sys.argv[0])}: {message}")
