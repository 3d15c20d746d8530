#!/usr/bin/env python3
"""Records the same speech side by side with voicerec and with the recorders a Linux user would use instead
(FFmpeg's pulse input with its AAC encoder, and a GStreamer pulsesrc ! avenc_aac ! mp4mux pipeline, the approach of
GNOME Sound Recorder), and prints one table with our ratios to the best peer. The same run records Ogg Opus too
(SPEC G): `voicerec record --format opus` beside FFmpeg's `-c:a libopus` at the same 24 kb/s and beside the floor
under it (benchmarks/opus_recorder_floor.c: libpulse and libopus alone at voicerec's settings, with nothing else),
in a second table whose goals are ratios to FFmpeg's AAC recording.

Measured for each recorder, the same way for all:
  start latency   launch -> the sound server sees its recording stream (pactl subscribe), median of 3 launches;
                  for voicerec also with `--duration 1` (a take of a given length, which ends by itself)
  stop latency    the stop signal (SIGINT) -> the recorder has exited with a valid, finished file;
                  for a 10 s take (median of 3) and for a 5-minute take (stopped one by one, the others
                  frozen with SIGSTOP meanwhile, so each stop has the machine to itself)
  CPU / minute    user + system CPU seconds of the whole process, per recorded minute (5-minute take)
  server CPU      the sound server's extra CPU seconds per recorded minute while the recorder records alone (the
                  short takes), over the server's own rate with no recorder measured just before each take, for as
                  long: work a recorder hands the server (resampling, small fragments) counts against it
  peak memory     the process's maximum resident set size (5-minute take)
  private dirty   the largest Private_Dirty of /proc/PID/smaps_rollup (heap and written pages, none of the shared
                  libraries), sampled every second over the long take
  memory growth   resident set at the end of the 5-minute take minus at 30 s
  in-app start    (voicerec only) in a Session on this server: the hold landing (0.18 s after touch-down) -> the
                  first captured buffer, for a hold from a touch-down and for press() from code (session-start-benchmark)
  quality         the same speech (the benchmark's, looped to about 30 s) encoded by voicerec's writer and by
                  FFmpeg's AAC encoder at its defaults and 48 kb/s, decoded back and compared with the source:
                  segmental SNR (20 ms frames with speech), spectral SNR (1024-sample magnitude spectra), and the
                  bit rate each spent
The 5-minute takes of every recorder run at the same time, from the same source.
BENCH_LONG and BENCH_SHORT set the take lengths; BENCH_SERVER_PID is the sound server to account for.

Run it with scripts/benchmark-recording.sh (it starts a private sound server and plays speech into it). The tables
are printed by recording_tables.py.
"""
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import recording_tables

SOURCE = os.environ.get("BENCH_SOURCE", "voicerecorder_sink.monitor")
VOICEREC = os.environ.get("VOICEREC", ".build/release/voicerec")
SHORT_TAKE = float(os.environ.get("BENCH_SHORT", "10"))
LONG_TAKE = float(os.environ.get("BENCH_LONG", "300"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
SERVER_PID = int(os.environ.get("BENCH_SERVER_PID", "0")) or None
SESSION_START = os.environ.get("SESSION_START", ".build/release/session-start-benchmark")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU seconds of `pid` so far (from /proc/PID/stat), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (FileNotFoundError, TypeError, IndexError):
        return None


def private_dirty_kib(pid):
    """Private_Dirty of `pid` in KiB (heap and written pages), or None."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Private_Dirty:"):
                    return int(line.split()[1])
    except (FileNotFoundError, TypeError, PermissionError):
        return None


# The file each recorder writes: AAC in .m4a, Opus in .ogg.
OPUS_FLOOR = os.environ.get("OPUS_FLOOR", "/tmp/voicerecorder-opus-recorder-floor")  # scripts/benchmark-recording.sh builds it
EXTENSIONS = {"voicerec": "m4a", "ffmpeg": "m4a", "gstreamer": "m4a", "voicerec-opus": "ogg", "ffmpeg-opus": "ogg",
              "floor-opus": "ogg"}


def output_of(out_dir, tag, name):
    """The file recorder `name` wrote in run `tag`."""
    return f"{out_dir}/{tag}-{name}.{EXTENSIONS[name]}"


def recorders(out_dir, name):
    """The command line of each recorder, writing to a file named after the run."""
    return {
        "voicerec": [VOICEREC, "record", "--device", SOURCE, "--output", f"{out_dir}/{name}-voicerec.m4a"],
        "voicerec-opus": [VOICEREC, "record", "--device", SOURCE, "--format", "opus", "--output",
                          f"{out_dir}/{name}-voicerec-opus.ogg"],
        # The least a recorder does with libpulse and libopus at voicerec's settings (benchmarks/opus_recorder_floor.c).
        "floor-opus": [OPUS_FLOOR, SOURCE, f"{out_dir}/{name}-floor-opus.ogg"],
        "ffmpeg-opus": ["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "pulse", "-i", SOURCE, "-ac", "1", "-ar",
                        "24000", "-c:a", "libopus", "-b:a", "24k", "-y", f"{out_dir}/{name}-ffmpeg-opus.ogg"],
        "ffmpeg": ["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "pulse", "-i", SOURCE, "-ac", "1", "-ar", "24000",
                   "-c:a", "aac", "-b:a", "48k", "-y", f"{out_dir}/{name}-ffmpeg.m4a"],
        "gstreamer": ["gst-launch-1.0", "-q", "-e", "pulsesrc", f"device={SOURCE}", "!", "audioconvert", "!",
                      "audioresample", "!", "audio/x-raw,rate=24000,channels=1", "!", "avenc_aac", "bitrate=48000",
                      "!", "mp4mux", "!", "filesink", f"location={out_dir}/{name}-gstreamer.m4a"],
    }


class StreamWatcher:
    """Timestamps every new recording stream the sound server reports."""

    def __init__(self):
        self.events = []
        self.lock = threading.Lock()
        self.process = subprocess.Popen(["pactl", "subscribe"], stdout=subprocess.PIPE, text=True)
        threading.Thread(target=self._read, daemon=True).start()
        time.sleep(0.5)

    def _read(self):
        for line in self.process.stdout:
            if "'new' on source-output" in line:
                with self.lock:
                    self.events.append(time.monotonic())

    def first_after(self, start, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                later = [t for t in self.events if t >= start]
            if later:
                return later[0]
            time.sleep(0.001)
        return None

    def close(self):
        self.process.terminate()


class Run:
    """One recorder process under /usr/bin/time, so its CPU and peak memory come from the kernel's accounting."""

    def __init__(self, command, stats_file):
        self.stats_file = stats_file
        self.command = command
        self.started = time.monotonic()
        self.wrapper = subprocess.Popen(["/usr/bin/time", "-f", "%U %S %M", "-o", stats_file] + command,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.pid = None
        self.peak_private_kib = 0
        self.sampling = True
        threading.Thread(target=self._sample_private, daemon=True).start()

    def _sample_private(self):
        """Samples Private_Dirty every second (and soon after launch) until the recorder is stopped."""
        time.sleep(0.3)
        while self.sampling:
            value = private_dirty_kib(self.child_pid())
            if value is not None:
                self.peak_private_kib = max(self.peak_private_kib, value)
            time.sleep(1)

    def child_pid(self):
        if self.pid is None:
            for _ in range(2000):
                try:
                    with open(f"/proc/{self.wrapper.pid}/task/{self.wrapper.pid}/children") as f:
                        children = f.read().split()
                    if children:
                        self.pid = int(children[0])
                        break
                except FileNotFoundError:
                    break
                time.sleep(0.001)
        return self.pid

    def rss_kib(self):
        try:
            with open(f"/proc/{self.child_pid()}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except (FileNotFoundError, TypeError):
            return None

    def ensure_running(self):
        """Ends the benchmark with one line in words when the recorder has already exited (its stop would mean
        nothing, and signalling a vanished process would only raise)."""
        if self.wrapper.poll() is not None or self.child_pid() is None:
            ended = self.wrapper.poll() is not None and self.wrapper.stderr
            errors = self.wrapper.stderr.read().decode(errors="replace").strip().splitlines() if ended else []
            said = f": {errors[-1]}" if errors else ""
            sys.exit(f"benchmark: {self.command[0]} ended before it was stopped (exit status {self.wrapper.poll()}){said}")

    def signal(self, number):
        """Sends signal `number` to the recorder, which must still be running."""
        self.ensure_running()
        os.kill(self.child_pid(), number)

    def stop(self):
        """Sends SIGINT to the recorder and returns seconds until it has exited."""
        self.ensure_running()
        pid = self.child_pid()
        value = private_dirty_kib(pid)
        if value is not None:
            self.peak_private_kib = max(self.peak_private_kib, value)
        self.sampling = False
        start = time.monotonic()
        os.kill(pid, signal.SIGINT)
        self.wrapper.wait(timeout=120)
        return time.monotonic() - start

    def stats(self):
        with open(self.stats_file) as f:
            user, system, max_rss = f.read().strip().splitlines()[-1].split()
        return float(user) + float(system), int(max_rss)


def duration_of(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "json", path],
                         capture_output=True, text=True)
    try:
        return float(json.loads(out.stdout)["format"]["duration"])
    except (KeyError, ValueError):
        return None


def session_start():
    """The in-app start row: session-start-benchmark's medians, or None when it did not run."""
    if not os.path.exists(SESSION_START):
        print(f"(no {SESSION_START}: the in-app start row is left out)", file=sys.stderr)
        return None
    out = subprocess.run([SESSION_START, "--device", SOURCE, "--trials", str(max(5, REPEATS * 3))],
                         capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        print(f"session-start-benchmark failed: {out.stderr.strip()}", file=sys.stderr)
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def encoding_quality(out_dir):
    """Encodes the same speech (looped to about 30 s, at 24 kHz mono) with voicerec's writer (`memos add`) and with
    FFmpeg's AAC encoder at its defaults and 48 kb/s (voicerec's own settings: a change of them shows here),
    decodes both, and compares each with the source: segmental SNR (20 ms frames with speech in them) and spectral
    SNR (magnitude spectra of 1024-sample frames), and the bit rate each spent. None without the speech or numpy."""
    speech = os.environ.get("BENCH_SPEECH")
    try:
        import numpy
    except ImportError:
        print("(no numpy: the quality rows are left out)", file=sys.stderr)
        return None
    if not speech:
        return None
    source = f"{out_dir}/quality-source.wav"
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-stream_loop", "4", "-i", speech, "-ac", "1", "-ar",
                    "24000", "-c:a", "pcm_f32le", "-y", source], check=True)
    library = f"{out_dir}/quality-library"
    subprocess.run([VOICEREC, "memos", "add", source, "--data-dir", library], check=True, capture_output=True)
    ours = next(os.path.join(root, name) for root, _, names in os.walk(library) for name in names
                if name.endswith(".m4a"))
    reference = f"{out_dir}/quality-ffmpeg.m4a"
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", source, "-c:a", "aac", "-b:a", "48k", "-y",
                    reference], check=True)

    def samples(path):
        raw = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f", "f32le", "-ac", "1", "-ar",
                              "24000", "-"], check=True, capture_output=True).stdout
        return numpy.frombuffer(raw, dtype=numpy.float32)

    clean = samples(source)
    duration = len(clean) / 24000

    def scores(path):
        decoded = samples(path)
        n = min(len(clean), len(decoded))
        frame = 480
        k = n // frame
        ref = clean[:k * frame].reshape(k, frame).astype(numpy.float64)
        err = decoded[:k * frame].reshape(k, frame) - ref
        power, noise = (ref ** 2).sum(1), (err ** 2).sum(1) + 1e-12
        speaking = power > 1e-4 * frame
        segmental = numpy.clip(10 * numpy.log10(power[speaking] / noise[speaking]), -10, 35).mean()
        size = 1024
        k = n // size
        window = numpy.hanning(size)
        spec_ref = numpy.abs(numpy.fft.rfft(clean[:k * size].reshape(k, size) * window, axis=1))
        spec_dec = numpy.abs(numpy.fft.rfft(decoded[:k * size].reshape(k, size) * window, axis=1))
        loud = (spec_ref ** 2).sum(1) > 1e-3
        spectral = 10 * numpy.log10((spec_ref[loud] ** 2).sum() / ((spec_ref[loud] - spec_dec[loud]) ** 2).sum())
        return {"segmental": segmental, "spectral": spectral, "kbps": os.path.getsize(path) * 8 / duration / 1000}

    results = {"voicerec": scores(ours), "ffmpeg": scores(reference)}
    # The Opus writer on the same speech, through `memos add --format opus` (the library keeps it as it is written),
    # and FFmpeg's libopus at the same 24 kb/s.
    opus_library = f"{out_dir}/quality-library-opus"
    added = subprocess.run([VOICEREC, "memos", "add", source, "--format", "opus", "--data-dir", opus_library],
                           capture_output=True)
    if added.returncode == 0:
        results["voicerec-opus"] = scores(next(os.path.join(root, name) for root, _, names in os.walk(opus_library)
                                               for name in names if name.endswith(".ogg")))
    reference_opus = f"{out_dir}/quality-ffmpeg-opus.ogg"
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", source, "-c:a", "libopus", "-b:a", "24k", "-y",
                    reference_opus], check=True)
    results["ffmpeg-opus"] = scores(reference_opus)
    return results


def main():
    out_dir = tempfile.mkdtemp(prefix="voicerec-bench-")
    watcher = StreamWatcher()
    names = ["voicerec", "ffmpeg", "gstreamer", "voicerec-opus", "ffmpeg-opus", "floor-opus"]
    start_latency = {n: [] for n in names}
    start_latency_timed = []  # voicerec record --duration 1
    stop_short = {n: [] for n in names}
    short_durations = {n: [] for n in names}
    server_extra = {n: 0.0 for n in names}  # the server's CPU seconds over its own rate, while each recorder records
    server_time = {n: 0.0 for n in names}

    print(f"Short takes: {REPEATS} × {SHORT_TAKE:g} s each, one recorder at a time…", file=sys.stderr)
    for repeat in range(REPEATS):
        for name in names:
            tag = f"short{repeat}"
            command = recorders(out_dir, tag)[name]
            if SERVER_PID:
                # The server's own rate with only the speech playing, just before this take: what the recorder's
                # share is counted over. Measured next to each take, as long as the take, because the rate drifts
                # with the machine by more than a recorder's share over the minutes a run lasts.
                idle_before, idle_from = cpu_seconds(SERVER_PID), time.monotonic()
                time.sleep(SHORT_TAKE)
                idle_rate = (cpu_seconds(SERVER_PID) - idle_before) / (time.monotonic() - idle_from)
            launched = time.monotonic()
            run = Run(command, f"{out_dir}/{tag}-{name}.time")
            seen = watcher.first_after(launched)
            start_latency[name].append((seen - launched) if seen else float("nan"))
            server_before, recording_from = cpu_seconds(SERVER_PID), time.monotonic()
            time.sleep(SHORT_TAKE)
            if SERVER_PID:
                recorded_for = time.monotonic() - recording_from
                server_extra[name] += cpu_seconds(SERVER_PID) - server_before - idle_rate * recorded_for
                server_time[name] += recorded_for
            stop_short[name].append(run.stop())
            short_durations[name].append(duration_of(output_of(out_dir, tag, name)))
            time.sleep(0.5)
        # A take of a given length starts as fast as one ended by hand: the same launch, with --duration.
        timed = [VOICEREC, "record", "--device", SOURCE, "--duration", "1",
                 "--output", f"{out_dir}/short{repeat}-timed-voicerec.m4a"]
        launched = time.monotonic()
        run = Run(timed, f"{out_dir}/short{repeat}-timed-voicerec.time")
        seen = watcher.first_after(launched)
        start_latency_timed.append((seen - launched) if seen else float("nan"))
        run.wrapper.wait(timeout=30)
        run.sampling = False
        time.sleep(0.5)

    print(f"Long take: {LONG_TAKE:g} s, all {len(names)} at once…", file=sys.stderr)
    runs = {name: Run(recorders(out_dir, "long")[name], f"{out_dir}/long-{name}.time") for name in names}
    time.sleep(30)
    rss_early = {name: runs[name].rss_kib() for name in names}
    time.sleep(max(0, LONG_TAKE - 30.5))
    rss_late = {name: runs[name].rss_kib() for name in names}
    stop_long = {}
    for name in names:
        # One after the other, and the others frozen (SIGSTOP) meanwhile, so each stop has the machine to itself:
        # otherwise the first one stopped shares two cores with two encoders still running, and its figure
        # measures them. Frozen for tens of milliseconds, they lose nothing (the server buffers their streams).
        others = [runs[other] for other in names if other != name and other not in stop_long]
        for other in others:
            other.signal(signal.SIGSTOP)
        try:
            stop_long[name] = runs[name].stop()
        finally:
            for other in others:
                other.signal(signal.SIGCONT)
    watcher.close()
    in_app = session_start()
    quality = encoding_quality(out_dir)

    results = {}
    for name in names:
        cpu, max_rss = runs[name].stats()
        recorded = duration_of(output_of(out_dir, "long", name))
        results[name] = {
            "start_ms": statistics.median(start_latency[name]) * 1000,
            "stop_short_ms": statistics.median(stop_short[name]) * 1000,
            "stop_long_ms": stop_long[name] * 1000,
            "cpu_per_min": cpu / (recorded / 60) if recorded else float("nan"),
            "peak_mib": max_rss / 1024,
            "private_mib": runs[name].peak_private_kib / 1024,
            "server_cpu_per_min": server_extra[name] / (server_time[name] / 60)
            if SERVER_PID and server_time[name] else float("nan"),
            "growth_mib": ((rss_late[name] or 0) - (rss_early[name] or 0)) / 1024,
            "valid": all(d is not None for d in short_durations[name]) and recorded is not None,
            "short_duration": statistics.median([d for d in short_durations[name] if d is not None] or [float("nan")]),
            "long_duration": recorded,
            "long_kib": os.path.getsize(output_of(out_dir, "long", name)) / 1024 if recorded else float("nan"),
        }

    for name in names:
        results[name]["total_cpu_per_min"] = results[name]["cpu_per_min"] + results[name]["server_cpu_per_min"]
        results[name]["stop_ratio"] = results[name]["stop_long_ms"] / results[name]["stop_short_ms"]

    rows = recording_tables.rows(SHORT_TAKE, LONG_TAKE)
    timed_ms = statistics.median(start_latency_timed) * 1000
    recording_tables.recording_table(results, rows, timed_ms, in_app, quality, SHORT_TAKE)
    recording_tables.opus_table(results, rows, quality, SHORT_TAKE, LONG_TAKE)
    print()
    print(f"All files valid: {all(results[n]['valid'] for n in names)}; files in {out_dir}")


if __name__ == "__main__":
    main()
