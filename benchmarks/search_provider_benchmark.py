#!/usr/bin/python3
"""The desktop's search over 10,000 transcribed memos (SPEC J.1), called over D-Bus as GNOME Shell calls it.

    benchmarks/search_provider_benchmark.py [--memos N] [--runs N]

Builds a library of N transcribed memos (`memos-benchmark --build-library N DIR --transcribed`), installs the
provider into a scratch prefix (`scripts/install-desktop-files.sh`), starts a private session bus that finds it
there, and times each call from this process (Gio, the Shell's own library): the first search (D-Bus starting the
provider, then its answer), then warm searches with the overview's follow-up calls (GetResultMetas for what it
shows, GetSubsearchResultSet as a word grows). The goal: every answer within 50 ms. Also the provider's memory while
it answers, and that it leaves once idle. Run after `swift build -c release` of memos-benchmark, voice-memos and
voice-memos-search-provider.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILT = os.path.join(ROOT, ".build", "release")
NAME = "org.voicerecorder.VoiceMemos.SearchProvider"
PATH = "/org/voicerecorder/VoiceMemos/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"
QUERIES = [["appointment"], ["dentist"], ["call", "dent"], ["the"], ["xylophone"]]


def call(connection, method, parameters, reply):
    started = time.monotonic()
    result = connection.call_sync(NAME, PATH, INTERFACE, method, parameters, GLib.VariantType(reply),
                                  Gio.DBusCallFlags.NONE, 20000, None)
    return (time.monotonic() - started) * 1000, result.unpack()[0]


def provider_pids(prefix):
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as command:
                    if command.read().startswith(os.path.join(prefix, "bin").encode()):
                        pids.append(int(entry))
            except OSError:
                pass
    return pids


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--memos", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    arguments = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="voicerecorder-search-benchmark.")
    try:
        data = os.path.join(scratch, "data")
        subprocess.run([os.path.join(BUILT, "memos-benchmark"), "--build-library", str(arguments.memos),
                        os.path.join(data, "voicerecorder"), "--transcribed"], check=True, stdout=subprocess.DEVNULL)
        prefix = os.path.join(scratch, "prefix")
        subprocess.run([os.path.join(ROOT, "scripts", "install-desktop-files.sh"), "--prefix", prefix, "--binary",
                        os.path.join(BUILT, "voice-memos")], check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/share", XDG_DATA_HOME=data,
                   XDG_RUNTIME_DIR=scratch)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=env,
                               stdout=subprocess.PIPE, text=True)
        address = bus.stdout.readline().strip()
        connection = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
        try:
            first, _ = call(connection, "GetInitialResultSet", GLib.Variant("(as)", (["dentist"],)), "(as)")
            searches, metas, subsearches = [], [], []
            for _ in range(arguments.runs):
                for terms in QUERIES:
                    elapsed, ids = call(connection, "GetInitialResultSet", GLib.Variant("(as)", (terms,)), "(as)")
                    searches.append(elapsed)
                    if ids:
                        elapsed, _ = call(connection, "GetResultMetas", GLib.Variant("(as)", (ids,)), "(aa{sv})")
                        metas.append(elapsed)
                        longer = terms[:-1] + [terms[-1] + terms[-1][-1]]
                        elapsed, _ = call(connection, "GetSubsearchResultSet",
                                          GLib.Variant("(asas)", (ids, longer)), "(as)")
                        subsearches.append(elapsed)
            pids = provider_pids(prefix)
            rss = 0
            if pids:
                with open(f"/proc/{pids[0]}/status") as status:
                    rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024
            gone_after = None
            idle_from = time.monotonic()
            while time.monotonic() - idle_from < 20:
                if not provider_pids(prefix):
                    gone_after = time.monotonic() - idle_from
                    break
                time.sleep(0.2)
        finally:
            bus.kill()
            bus.wait()

        def figures(values):
            ordered = sorted(values)
            return (f"{statistics.median(values):.1f} ms median, {ordered[int(len(ordered) * 0.95) - 1]:.1f} ms "
                    f"p95, {max(values):.1f} ms worst ({len(values)} calls)")

        print(f"{arguments.memos} transcribed memos; queries {', '.join(' '.join(q) for q in QUERIES)}")
        print(f"| first search (D-Bus starts the provider, then it answers) | {first:.1f} ms | ≤ 50 ms |")
        print(f"| GetInitialResultSet | {figures(searches)} | ≤ 50 ms |")
        print(f"| GetResultMetas (the results shown) | {figures(metas)} | ≤ 50 ms |")
        print(f"| GetSubsearchResultSet (a word grown by a letter) | {figures(subsearches)} | ≤ 50 ms |")
        print(f"| the provider's resident memory while answering | {rss:.1f} MiB | |")
        print(f"| gone after the last call | {gone_after:.1f} s |" if gone_after is not None
              else "| gone after the last call | still there after 20 s | |")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
