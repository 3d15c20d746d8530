#!/usr/bin/env python3
"""What the Voice Memos window's resident memory is made of, mapping by mapping, and what its dynamic loader did.

Usage: benchmarks/window_memory_profile.py [--memos N] [--renderer gl|cairo] [--set VAR=VALUE]… [--app PATH]
                                           [--top K]
  (needs the release build: swift build -c release --static-swift-stdlib --product voice-memos, and memos-benchmark
  for --memos)

Starts the release app in Xvfb (scripts/memos_driver.py) on an empty library, or on one of N memos made by
`memos-benchmark --build-library N`, waits until every memo is listed and the window has been idle 2 s, and reads
/proc/PID/smaps. The loader runs with LD_DEBUG=files,statistics, which says which object loaded each shared library
(linked at start, or opened later with dlopen, and by whom) and how long the start-up relocation took. It prints:
- the totals (RSS, PSS, private dirty and clean, shared), the number of mappings and of shared objects;
- the memory by kind: the app's binary, the libraries linked at start, each family opened later (a dlopen made by a
  library linked at start, with everything it brought in), the malloc heap, anonymous mappings (thread stacks, other
  threads' malloc arenas, the rest), data files (fonts, caches), shared memory with the X server;
- the K largest shared objects;
- the loader's start-up statistics (cycles at the CPU's clock, in ms).
--set VAR=VALUE sets a variable for the app (VALUE empty: removes it), e.g. --set GDK_DEBUG=gl-disable.
"""
import collections
import os
import re
import shutil
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
HEADER = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$")
LOADED = re.compile(r"file=(\S+) \[\d+\];\s+(needed by|dynamically loaded by) (\S+) \[\d+\]")
FIELDS = ("Rss", "Pss", "Private_Dirty", "Private_Clean", "Shared_Clean", "Shared_Dirty")
LIBRARY_DIRS = ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib")
STACK_KIB = 8192
ARENA_BYTES = 64 << 20


def fail(message):
    raise SystemExit(f"{os.path.basename(sys.argv[0])}: {message}")


def option(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def read_smaps(pid):
    """Every mapping: start, end, permissions, path ("" for anonymous) and its fields in kB."""
    mappings = []
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            header = HEADER.match(line)
            if header:
                mappings.append({"start": int(header.group(1), 16), "end": int(header.group(2), 16),
                                 "perms": header.group(3), "path": header.group(4).strip(), **{k: 0 for k in FIELDS}})
                continue
            parts = line.split()
            if len(parts) == 3 and parts[0].rstrip(":") in FIELDS:
                mappings[-1][parts[0].rstrip(":")] = int(parts[1])
    return mappings


def resolve(name):
    """The path the kernel shows for a shared object the loader names `name` (a soname or a path)."""
    candidates = [name] if name.startswith("/") else [os.path.join(d, name) for d in LIBRARY_DIRS]
    for candidate in candidates:
        if os.path.exists(candidate):
            return os.path.realpath(candidate)
    return None


def read_loader_log(path, app):
    """From LD_DEBUG=files: each object's loader (the first that needed or opened it), whether it was opened with
    dlopen, and the start-up statistics lines."""
    loaded_by, opened, statistics = {}, set(), {}
    app_path = os.path.realpath(app)
    with open(path) as f:
        for line in f:
            found = LOADED.search(line)
            if found:
                child = resolve(found.group(1))
                parent = resolve(found.group(3)) or app_path
                if child and child not in loaded_by:
                    loaded_by[child] = parent
                    if found.group(2) == "dynamically loaded by":
                        opened.add(child)
                continue
            stat = re.search(r"(total startup time in dynamic loader|time needed for relocation|"
                             r"time needed to load objects): (\d+) cycles", line)
            if stat:
                statistics[stat.group(1)] = int(stat.group(2))
            count = re.search(r"(number of relocations|number of relocations from cache|"
                              r"number of relative relocations): (\d+)", line)
            if count and "final" not in line:
                statistics[count.group(1)] = int(count.group(2))
    return loaded_by, opened, statistics


def family(path, loaded_by, opened, app_path):
    """Where `path` came from: "linked" (the start-up closure), or the dlopen by a linked object (or the app) that
    brought it in, named by that object."""
    chain, current = [], path
    while current in loaded_by and current != app_path:
        chain.append(current)
        current = loaded_by[current]
    # The outermost dlopen in the chain: what a linked object (or the app) asked for.
    for link in reversed(chain):
        if link in opened:
            return link
    return "linked"


def cpu_mhz():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("cpu MHz"):
                return float(line.split(":")[1])
    return None


def mib(kib):
    return kib / 1024


def table_row(label, totals, count=None):
    cells = [f"{mib(totals[k]):.1f}" for k in ("Rss", "Private_Dirty", "Private_Clean", "Shared_Clean")]
    return f"| {label} | {'' if count is None else count} | " + " | ".join(cells) + " |"


def add(into, mapping):
    for key in FIELDS:
        into[key] += mapping[key]


def main():
    memos = int(option("--memos", "0"))
    renderer = option("--renderer", "cairo")
    app_path = os.path.realpath(option("--app", os.path.join(RELEASE, "voice-memos")))
    top = int(option("--top", "25"))
    if not os.path.exists(app_path):
        fail(f"no app at {app_path}: build it with swift build -c release --static-swift-stdlib --product voice-memos")
    environment = {"GSK_RENDERER": "cairo" if renderer == "cairo" else None}
    for index, word in enumerate(sys.argv):
        if word == "--set":
            key, _, value = sys.argv[index + 1].partition("=")
            environment[key] = value or None
    scratch = tempfile.mkdtemp(prefix="window-memory-", dir="/tmp")
    log = os.path.join(scratch, "loader")
    environment.update({"LD_DEBUG": "files,statistics", "LD_DEBUG_OUTPUT": log})
    machine = Machine(scratch)
    try:
        library = os.path.join(scratch, "library")
        if memos:
            subprocess.run([os.path.join(RELEASE, "memos-benchmark"), "--build-library", str(memos), library],
                           check=True)
        app = App(machine, [], app=app_path, data_dir=library, environment=environment)
        if memos:
            app.wait_for("list", timeout=20, where=lambda e: e.get("list") == "memos" and e.get("count") == memos)
        time.sleep(2.0)
        pid = app.process.pid
        mappings = read_smaps(pid)
        threads = len(os.listdir(f"/proc/{pid}/task"))
        app.quit()
        if not os.path.exists(f"{log}.{pid}"):
            fail("the loader wrote no LD_DEBUG output")
        loaded_by, opened, statistics = read_loader_log(f"{log}.{pid}", app_path)
    finally:
        machine.stop()

    totals = collections.Counter()
    kinds = collections.defaultdict(collections.Counter)
    families = collections.defaultdict(collections.Counter)
    family_members = collections.defaultdict(set)
    objects = collections.defaultdict(collections.Counter)
    arenas = set()
    for m in mappings:
        # Another thread's malloc arena: a 64 MiB-aligned reservation, its used part read-write.
        if not m["path"] and m["start"] % ARENA_BYTES == 0 and m["end"] - m["start"] <= ARENA_BYTES:
            arenas.add(m["start"])
    for m in mappings:
        add(totals, m)
        path = m["path"]
        if path == app_path:
            kind = "the app's binary (Swift runtime and Foundation linked in)"
        elif path in loaded_by or re.search(r"\.so(\.|$)", path):
            add(objects[path], m)
            origin = family(path, loaded_by, opened, app_path) if path in loaded_by else "linked"
            if path.endswith("/ld-linux-x86-64.so.2"):
                origin = "linked"
            kind = "shared objects linked at start" if origin == "linked" else "shared objects opened later (dlopen)"
            add(families[origin], m)
            family_members[origin].add(path)
        elif path == "[heap]":
            kind = "[heap]: the main malloc arena"
        elif path in ("[stack]",):
            kind = "[stack]: the main thread's stack"
        elif path.startswith("["):
            kind = "kernel-provided ([vdso], [vvar], …)"
        elif not path:
            if m["start"] in arenas:
                kind = "anonymous: other threads' malloc arenas"
            elif (m["end"] - m["start"]) // 1024 == STACK_KIB:
                kind = "anonymous: thread stacks (8 MiB each, reserved)"
            else:
                kind = "anonymous: other (large mallocs, runtimes' and renderers' own maps)"
        elif path.startswith("/SYSV") or path.startswith("/dev/shm") or path.startswith("/memfd"):
            kind = "shared memory (X server images, memfd)"
        else:
            kind = "data files (fonts, icon and shader caches, locale)"
        add(kinds[kind], m)

    label = f"{memos:,} memos" if memos else "an empty library"
    settings = " ".join(f"{k}={v}" for k, v in environment.items() if v and not k.startswith("LD_DEBUG"))
    print(f"Voice Memos at rest, {label}, {renderer} renderer{', ' + settings if settings else ''}: "
          f"RSS {mib(totals['Rss']):.1f} MiB, PSS {mib(totals['Pss']):.1f}, private dirty "
          f"{mib(totals['Private_Dirty']):.1f}, private clean {mib(totals['Private_Clean']):.1f}, shared clean "
          f"{mib(totals['Shared_Clean']):.1f}; {len(mappings)} mappings, {len(objects)} shared objects "
          f"({sum(len(v) for k, v in family_members.items() if k != 'linked')} opened later), {threads} threads")
    print("\n| part | objects | RSS, MiB | private dirty | private clean | shared clean |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, sums in sorted(kinds.items(), key=lambda item: -item[1]["Rss"]):
        count = None
        if kind.startswith("shared objects linked"):
            count = len(family_members["linked"])
        elif kind.startswith("shared objects opened"):
            count = sum(len(v) for k, v in family_members.items() if k != "linked")
        print(table_row(kind, sums, count))
        if kind.startswith("shared objects opened"):
            for origin, sums_ in sorted(((k, v) for k, v in families.items() if k != "linked"),
                                        key=lambda item: -item[1]["Rss"]):
                members = sorted(family_members[origin], key=lambda p: -objects[p]["Rss"])
                largest = ", ".join(os.path.basename(p) for p in members[:3])
                opener = os.path.basename(loaded_by.get(origin, "?"))
                print(table_row(f"  {os.path.basename(origin)} (opened by {opener}; largest: {largest})", sums_,
                                len(members)))
    print(f"\n| the {top} largest shared objects | how loaded | RSS, MiB | private dirty | private clean | "
          "shared clean |")
    print("|---|---|---:|---:|---:|---:|")
    for path, sums in sorted(objects.items(), key=lambda item: -item[1]["Rss"])[:top]:
        origin = family(path, loaded_by, opened, app_path) if path in loaded_by else "linked"
        how = "linked" if origin == "linked" else f"dlopen of {os.path.basename(origin)}"
        cells = [f"{mib(sums[k]):.1f}" for k in ("Rss", "Private_Dirty", "Private_Clean", "Shared_Clean")]
        print(f"| {os.path.basename(path)} | {how} | " + " | ".join(cells) + " |")
    mhz = cpu_mhz()
    if statistics and mhz:
        def ms(key):
            return statistics.get(key, 0) / (mhz * 1000)
        print(f"\nLoader at start (LD_DEBUG=statistics, cycles at {mhz:.0f} MHz): "
              f"{ms('total startup time in dynamic loader'):.1f} ms in all, of which relocation {ms('time needed for relocation'):.1f} ms and loading objects "
              f"{ms('time needed to load objects'):.1f} ms; {statistics.get('number of relocations', 0):,} "
              f"symbol relocations ({statistics.get('number of relocations from cache', 0):,} from cache), "
              f"{statistics.get('number of relative relocations', 0):,} relative ones; "
              f"{len(family_members['linked'])} objects linked at start.")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
