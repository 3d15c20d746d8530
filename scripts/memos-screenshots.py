#!/usr/bin/env python3
"""Takes the README's pictures of the Voice Memos app: the real app in Xvfb, driven with xdotool as a person would.

Usage: scripts/memos-screenshots.py [OUTPUT_DIR]   (default docs/images; the app must be built: swift build)

It starts its own X server, a private sound server (a null sink) and the app with the simulated voice on a scratch
library, records a few memos by holding the mic, names them, plays one, deletes one, and saves: the empty state,
the list with a memo playing (light and dark) and Recently Deleted.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, ".build", "debug", "voice-memos")


class Machine:
    """Xvfb and a PulseAudio server of their own, in a scratch directory."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.display = ":73"
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "900x820x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        runtime = os.path.join(scratch, "pulse")
        os.makedirs(runtime)
        self.pulse_address = "unix:" + os.path.join(runtime, "native")
        self.env = dict(os.environ, DISPLAY=self.display, XDG_RUNTIME_DIR=scratch, HOME=scratch,
                        DBUS_SESSION_BUS_ADDRESS="disabled:", GSK_RENDERER="cairo", GTK_A11Y="none",
                        NO_AT_BRIDGE="1", TMPDIR=scratch, XDG_CONFIG_HOME=os.path.join(scratch, "config"))
        self.env.pop("PULSE_SERVER", None)
        self.pulse = subprocess.Popen(
            ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "-n", "--use-pid-file=no", "--disable-shm=yes",
             "-L", "module-null-sink sink_name=pictures rate=24000 channels=1",
             "-L", "module-native-protocol-unix auth-anonymous=1 socket=" + os.path.join(runtime, "native")],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env["PULSE_SERVER"] = self.pulse_address
        wait_until(lambda: subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode == 0,
                   "the sound server")
        wait_until(lambda: subprocess.run(["xdotool", "getdisplaygeometry"], env=self.env,
                                          capture_output=True).returncode == 0, "Xvfb")

    def stop(self):
        for process in (self.pulse, self.xvfb):
            process.kill()
            process.wait()


class App:
    """voice-memos on the machine, its JSON lines read as they come."""

    def __init__(self, machine, arguments):
        self.machine = machine
        self.events = []
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            [APP, "--simulated", "--data-dir", os.path.join(machine.scratch, "library")] + arguments,
            env=machine.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        threading.Thread(target=self._read, daemon=True).start()
        self.ready = self.wait_for("ready", timeout=20)
        self.window = self.xdotool("search", "--sync", "--onlyvisible", "--name", "^Voice Memos$").split()[0]

    def _read(self):
        for line in self.process.stdout:
            with self.lock:
                self.events.append(json.loads(line))

    def count(self):
        with self.lock:
            return len(self.events)

    def wait_for(self, name, since=0, timeout=8, where=lambda event: True):
        found = []

        def seen():
            with self.lock:
                found[:] = [e for e in self.events[since:] if e.get("event") == name and where(e)]
            return bool(found)

        wait_until(seen, name, timeout)
        return found[0]

    def last_row(self, memo_id, list_name="memos"):
        self.wait_for("row", where=lambda e: e.get("id") == memo_id and e.get("list") == list_name)
        with self.lock:
            return [e for e in self.events if e.get("event") == "row" and e.get("id") == memo_id
                    and e.get("list") == list_name][-1]

    def xdotool(self, *arguments):
        return subprocess.run(["xdotool"] + list(arguments), env=self.machine.env, capture_output=True, text=True,
                              check=True).stdout

    def click(self, point):
        self.xdotool("mousemove", "--window", self.window, str(round(point["x"])), str(round(point["y"])), "click",
                     "1")

    def record(self, seconds):
        since = self.count()
        mic = self.ready["mic"]
        self.xdotool("mousemove", "--window", self.window, str(round(mic["x"])), str(round(mic["y"])), "mousedown",
                     "1")
        self.wait_for("phase", since, where=lambda e: e.get("phase") == "holding")
        time.sleep(seconds)
        self.xdotool("mouseup", "1")
        added = self.wait_for("memoAdded", since)
        self.wait_for("row", since, where=lambda e: e.get("id") == added["id"])
        return added["id"]

    def rename(self, memo_id, title):
        since = self.count()
        self.click(self.last_row(memo_id)["title"])
        self.xdotool("type", "--delay", "20", title)
        self.xdotool("key", "Return")
        self.wait_for("renamed", since, where=lambda e: e.get("id") == memo_id)

    def picture(self, path):
        time.sleep(0.4)  # the last frame is drawn
        subprocess.run(["import", "-display", self.machine.display, "-window", self.window, path],
                       env=self.machine.env, check=True)
        print("wrote", os.path.relpath(path, ROOT))

    def quit(self):
        self.xdotool("key", "ctrl+q")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def wait_until(condition, what, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.03)
    raise SystemExit(f"memos-screenshots: timed out waiting for {what}")


def main():
    output = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "images"))
    if not os.path.exists(APP):
        raise SystemExit("memos-screenshots: build the app first (swift build)")
    scratch = tempfile.mkdtemp(prefix="memos-pictures-", dir="/tmp")
    machine = Machine(scratch)
    try:
        app = App(machine, [])
        app.picture(os.path.join(output, "memos-empty.png"))
        names = [(2.4, "Grocery list"), (1.6, ""), (3.2, "Idea for the talk"), (2.0, "Call back Sam")]
        ids = []
        for seconds, title in names:
            ids.append(app.record(seconds))
            if title:
                app.rename(ids[-1], title)
        since = app.count()
        app.click(app.last_row(ids[2])["play"])
        app.wait_for("playback", since, where=lambda e: e.get("state") == "position" and e.get("position", 0) > 1.2)
        app.picture(os.path.join(output, "memos-playing-light.png"))
        app.quit()

        app = App(machine, ["--dark"])
        since = app.count()
        app.click(app.last_row(ids[0])["play"])
        app.wait_for("playback", since, where=lambda e: e.get("state") == "position" and e.get("position", 0) > 0.8)
        app.picture(os.path.join(output, "memos-playing-dark.png"))
        app.click(app.last_row(ids[0])["play"])  # stops it; the focus stays in the row
        for memo_id in (ids[1], ids[3]):
            since = app.count()
            play = app.last_row(memo_id)["play"]
            app.click(play)
            app.click(play)
            app.xdotool("key", "Delete")
            app.wait_for("memoDeleted", since, where=lambda e, memo_id=memo_id: e.get("id") == memo_id)
        time.sleep(5.5)  # the undo toast goes
        since = app.count()
        view = [e for e in app.events if e.get("event") == "view"][-1]
        app.click(view["buttons"]["recentlyDeleted"])
        app.wait_for("view", since, where=lambda e: e.get("view") == "recentlyDeleted")
        app.picture(os.path.join(output, "memos-recently-deleted-dark.png"))
        app.quit()
    finally:
        machine.stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
