#!/usr/bin/env bash
# Runs voicerec on a fresh Debian 12 machine with the Swift toolchain: installs what is missing, builds, runs.
# With no arguments it records three seconds of the simulated voice into an AAC .m4a and prints the JSON result.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# The Swift runtime linked in: a faster start and less memory (see docs/BENCHMARKS.md).
swift build -c release --static-swift-stdlib --product voicerec >&2
if [ $# -eq 0 ]; then
  set -- record --simulated --duration 3
fi
exec .build/release/voicerec "$@"
