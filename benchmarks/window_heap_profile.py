#!/usr/bin/env python3
"""Which heap allocations of the Voice Memos window grow with the library: heaptrack's record of every malloc the
app made, read at rest, compared between two library sizes.

Usage: benchmarks/window_heap_profile.py [--memos SMALL,LARGE] [--app PATH] [--top K] [--renderer gl|cairo]
                                         [--set VAR=VALUE]…
       benchmarks/window_heap_profile.py --by-module [--memos N] [--renderer gl|cairo] [--set VAR=VALUE]…
  (default 100,10000 and the Cairo renderer; needs heaptrack (Debian's), the release app and memos-benchmark)

For each size: a library made by `memos-benchmark --build-library N`; the release app started in Xvfb
(scripts/memos_driver.py) with heaptrack's preload library recording to a file; once every memo is listed and the
window has been idle 2 s the app is killed (SIGKILL: nothing is freed on the way out), so the allocations still live
are what the window holds at rest. Each live allocation is charged to the innermost frame of the package's own code
on its stack (Sources/…), with the library call it went through (SQLite, GLib, the Swift runtime). Printed: the live
heap at each size, and the sites ranked by growth, in bytes and allocations per memo added. With --by-module, one
size only: the live heap by the library that asked for it (GTK, Mesa's llvmpipe, fontconfig, the app, …).
"""
import collections
import gzip
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# The helper modules are imported from the tree: leave no bytecode caches in it.
sys.dont_write_bytecode = True

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from memos_driver import App, Machine  # noqa: E402

RELEASE = os.path.join(ROOT, ".build", "release")
PRELOAD = "/usr/lib/heaptrack/libheaptrack_preload.so"
# Allocators and general plumbing (and the allocator's own frame, which heaptrack places in no module): an
# allocation is charged to the library that called into them.
PLUMBING_MODULES = re.compile(r"^$|^(libheaptrack_preload|libc\.so|ld-linux|libstdc\+\+|libglib-2\.0|libgobject-2\.0|"
                              r"libgio-2\.0|libffi|libgmodule)")
INTERPRET = "/usr/lib/heaptrack/libexec/heaptrack_interpret"


def fail(message):
    raise SystemExit(f"{os.path.basename(sys.argv[0])}: {message}")


def option(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


class Record:
    """An interpreted heaptrack file: its strings, instruction pointers, traces and the allocations live at its
    end (bytes and count per trace)."""

    def __init__(self, path):
        self.strings, self.ips, self.traces, infos = [""], [None], [None], []
        live = collections.Counter()
        with gzip.open(path, "rt", errors="replace") as f:
            for line in f:
                kind, _, rest = line.rstrip("\n").partition(" ")
                if kind == "s":
                    self.strings.append(rest.partition(" ")[2])
                elif kind == "i":
                    fields = [int(x, 16) for x in rest.split()]
                    # ip, module, then (function, file, line) for the frame and each frame inlined into it.
                    self.ips.append((fields[1], [tuple(fields[i:i + 3]) for i in range(2, len(fields) - 2, 3)]))
                elif kind == "t":
                    ip, parent = (int(x, 16) for x in rest.split())
                    self.traces.append((ip, parent))
                elif kind == "a":
                    size, trace = (int(x, 16) for x in rest.split())
                    infos.append((size, trace))
                elif kind == "+":
                    live[int(rest, 16)] += 1
                elif kind == "-":
                    live[int(rest, 16)] -= 1
        self.live = collections.defaultdict(lambda: [0, 0])
        for info, count in live.items():
            if count > 0:
                size, trace = infos[info]
                self.live[trace][0] += size * count
                self.live[trace][1] += count

    def asking_module(self, trace):
        """The library that asked for an allocation: the innermost frame's module that is not an allocator or
        C and GLib plumbing (the app's binary holds the Swift runtime and the package's code together)."""
        while trace:
            ip, trace = self.traces[trace]
            module = os.path.basename(self.strings[self.ips[ip][0]])
            if not PLUMBING_MODULES.match(module):
                return module
        return "(unknown)"

    def frames(self, trace):
        """(function, file, line) from the allocation outward; a frame without symbols is named by its module."""
        while trace:
            ip, trace = self.traces[trace]
            module, frames = self.ips[ip]
            if not frames:
                yield os.path.basename(self.strings[module]), "", 0
            for function, file, line in frames:
                yield self.strings[function] or os.path.basename(self.strings[module]), self.strings[file], line


def demangler():
    tool = shutil.which("swift-demangle") or os.path.join(os.path.dirname(os.path.realpath(
        shutil.which("swift") or "/nonexistent")), "swift-demangle")
    cache = {}

    def demangle(names):
        wanted = [n for n in names if n not in cache]
        if wanted and os.path.exists(tool):
            out = subprocess.run([tool, "--simplified", "--compact"], input="\n".join(wanted), capture_output=True,
                                 text=True).stdout.splitlines()
            cache.update(zip(wanted, out))
        return {n: cache.get(n, n) for n in names}
    return demangle


def site(record, trace):
    """The innermost frame in the package's sources, and the call it made toward the allocator: the nearest frame
    inside it that says something (an SQLite or GTK library, or a named Swift standard library function; the
    runtime's own frames in the app's binary carry no symbols and are passed over)."""
    callee, binary = None, os.path.basename(record.strings[1])
    for function, file, line in record.frames(trace):
        if "Sources/" in file:
            return f"{file[file.index('Sources/'):]}:{line}", function, callee
        if function and function != binary:
            callee = function
    return "(outside the package's code)", None, None


def record_at_rest(machine, scratch, count, app_path, environment):
    library = os.path.join(scratch, f"library-{count}")
    if count:
        subprocess.run([os.path.join(RELEASE, "memos-benchmark"), "--build-library", str(count), library],
                       check=True)
    raw = os.path.join(scratch, f"heap-{count}.raw")
    app = App(machine, [], app=app_path, data_dir=library,
              environment={"LD_PRELOAD": PRELOAD, "DUMP_HEAPTRACK_OUTPUT": raw, **environment})
    if count:
        app.wait_for("list", timeout=60, where=lambda e: e.get("list") == "memos" and e.get("count") == count)
    time.sleep(2.0)
    rss = 0
    with open(f"/proc/{app.process.pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
    app.process.send_signal(signal.SIGKILL)
    app.process.wait()
    interpreted = os.path.join(scratch, f"heap-{count}.gz")
    with open(raw, "rb") as source, gzip.open(interpreted, "wb") as target:
        interpreter = subprocess.Popen([INTERPRET], stdin=source, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        shutil.copyfileobj(interpreter.stdout, target)
        interpreter.wait()
    return Record(interpreted), rss


def by_site(record):
    """Live bytes and allocations by (source line, call), and the function at each source line."""
    sums, functions = collections.defaultdict(lambda: [0, 0]), {}
    for trace, (size, count) in record.live.items():
        where, function, callee = site(record, trace)
        sums[(where, callee)][0] += size
        sums[(where, callee)][1] += count
        functions.setdefault(where, function)
    return sums, functions


def print_by_module(record, count, top):
    sums = collections.Counter()
    for trace, (size, _) in record.live.items():
        sums[record.asking_module(trace)] += size
    total = sum(sums.values())
    print(f"| live heap at rest, {count:,} memos, by the library that asked | MiB | share |")
    print("|---|---:|---:|")
    for module, size in sums.most_common(top):
        print(f"| {module} | {size / 2**20:.1f} | {size / total:.0%} |")
    print(f"| all | {total / 2**20:.1f} | |")


def main():
    app_path = option("--app", os.path.join(RELEASE, "voice-memos"))
    top = int(option("--top", "15"))
    environment = {"GSK_RENDERER": None} if option("--renderer", "cairo") == "gl" else {}
    for index, word in enumerate(sys.argv):
        if word == "--set":
            key, _, value = sys.argv[index + 1].partition("=")
            environment[key] = value or None
    if "--by-module" in sys.argv:
        count = int(option("--memos", "0"))
        scratch = tempfile.mkdtemp(prefix="window-heap-", dir="/tmp")
        machine = Machine(scratch)
        try:
            record, _ = record_at_rest(machine, scratch, count, app_path, environment)
        finally:
            machine.stop()
        print_by_module(record, count, top)
        shutil.rmtree(scratch, ignore_errors=True)
        return
    small, large = (int(x) for x in option("--memos", "100,10000").split(","))
    for path, what in ((PRELOAD, "heaptrack's preload library"), (INTERPRET, "heaptrack_interpret"),
                       (app_path, "the release app"), (os.path.join(RELEASE, "memos-benchmark"), "memos-benchmark")):
        if not os.path.exists(path):
            fail(f"{what} is missing ({path}); install heaptrack and build in release")
    scratch = tempfile.mkdtemp(prefix="window-heap-", dir="/tmp")
    machine = Machine(scratch)
    try:
        records = {count: record_at_rest(machine, scratch, count, app_path, environment) for count in (small, large)}
    finally:
        machine.stop()
    found = {count: by_site(record) for count, (record, _) in records.items()}
    sites = {count: sums for count, (sums, _) in found.items()}
    functions = {**found[small][1], **found[large][1]}
    added = large - small
    names = {name for name in functions.values() if name} | {callee for s in sites.values() for (_, callee) in s
                                                             if callee}
    pretty = demangler()(sorted(names))

    print(f"| live heap at rest | {small:,} memos | {large:,} memos | difference | per memo added |")
    print("|---|---:|---:|---:|---:|")
    totals = {count: [sum(v[i] for v in s.values()) for i in (0, 1)] for count, s in sites.items()}
    print(f"| bytes (MiB) | {totals[small][0] / 2**20:.1f} | {totals[large][0] / 2**20:.1f} | "
          f"{(totals[large][0] - totals[small][0]) / 2**20:+.1f} | "
          f"{(totals[large][0] - totals[small][0]) / added:,.0f} B |")
    print(f"| allocations | {totals[small][1]:,} | {totals[large][1]:,} | {totals[large][1] - totals[small][1]:+,} | "
          f"{(totals[large][1] - totals[small][1]) / added:.1f} |")
    print(f"| process RSS (MiB) | {records[small][1]:.1f} | {records[large][1]:.1f} | "
          f"{records[large][1] - records[small][1]:+.1f} | |")

    growth = []
    for key in set(sites[small]) | set(sites[large]):
        before, after = sites[small].get(key, [0, 0]), sites[large].get(key, [0, 0])
        growth.append((after[0] - before[0], after[1] - before[1], key))
    growth.sort(key=lambda g: -g[0])
    print(f"\n| where (the package's innermost frame) | through | bytes per memo | allocations per memo | "
          f"MiB at {large:,} |")
    print("|---|---|---:|---:|---:|")
    for size, count, (where, callee) in growth[:top]:
        at_large = sites[large].get((where, callee), [0, 0])[0]
        function = functions.get(where)
        label = f"{pretty.get(function, function)} ({where})" if function else where
        through = pretty.get(callee, callee) if callee else "the Swift runtime"
        print(f"| {label} | {through} | {size / added:,.0f} | {count / added:.2f} | {at_large / 2**20:.1f} |")
    rest = sum(g[0] for g in growth[top:])
    print(f"| the other {len(growth) - top} sites | | {rest / added:,.0f} | | |")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
