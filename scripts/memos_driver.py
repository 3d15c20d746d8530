"""Driving the real Voice Memos app in Xvfb for the scripts that picture and measure it: an X server and a sound
server of their own, the app's JSON lines read as they come, xdotool for the pointer and keys."""
import json
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Machine:
    """Xvfb and a PulseAudio server of their own, in a scratch directory."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.xvfb, self.display = start_xvfb("900x820x24")
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


def start_xvfb(screen):
    """Xvfb on a display it picks itself (`-displayfd`: the first free number, written once it listens): a number
    chosen here and then taken could be taken by another server in between. Returns the process and `:N`."""
    reader, writer = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(writer), "-screen", "0", screen, "-nolisten", "tcp"],
                            pass_fds=(writer,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writer)
    with os.fdopen(reader) as stream:
        line = stream.readline().strip()
    if not line.isdigit():
        xvfb.kill()
        sys.exit("Xvfb did not start (it named no display)")
    return xvfb, ":" + line


class App:
    """voice-memos on the machine, its JSON lines read as they come."""

    def __init__(self, machine, arguments, app=os.path.join(ROOT, ".build", "debug", "voice-memos"),
                 data_dir=None, environment=None, window_title="Voice Memos"):
        """`environment` changes the machine's variables for this app alone (a value of None removes one);
        `window_title` is the window's title in the app's language."""
        self.machine = machine
        env = dict(machine.env)
        for key, value in (environment or {}).items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        self.started = time.monotonic()
        self.events = []
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            [app, "--simulated", "--data-dir", data_dir or os.path.join(machine.scratch, "library")] + arguments,
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        threading.Thread(target=self._read, daemon=True).start()
        self.ready = self.wait_for("ready", timeout=20)
        self.seconds_to_ready = self.ready["_received"] - self.started
        self.window = self.xdotool("search", "--sync", "--onlyvisible", "--name", f"^{window_title}$").split()[0]

    def _read(self):
        for line in self.process.stdout:
            event = json.loads(line)
            event["_received"] = time.monotonic()
            with self.lock:
                self.events.append(event)

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

    def picture(self, path, window=None):
        """A picture of the app's window (or of another window of its, by id)."""
        time.sleep(0.4)  # the last frame is drawn
        subprocess.run(["import", "-display", self.machine.display, "-window", window or self.window, path],
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
    raise SystemExit(f"{os.path.basename(sys.argv[0])}: timed out waiting for {what}")
