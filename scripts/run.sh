#!/usr/bin/env bash
# Runs voicerec on a fresh Debian 12 machine with the Swift toolchain: installs what is missing, builds, runs.
# With no arguments it replays the example script (a tap, a hold sent, a slide discarded, a lock sent hands-free).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
swift build -c release --product voicerec >&2
if [ $# -eq 0 ]; then
  set -- simulate Examples/hold-and-send.script
fi
exec .build/release/voicerec "$@"
