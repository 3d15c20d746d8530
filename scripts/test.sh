#!/usr/bin/env bash
# Runs every test of the package on a fresh Debian 12 machine with the Swift toolchain: installs what is missing,
# builds, and runs the whole suite (unit, property and integration tests against real FFmpeg and PulseAudio).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh

# Integration tests start their own private sound servers; they must never reach the desktop's.
unset PULSE_SERVER
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d /tmp/voicerecorder-runtime.XXXXXX)}"
chmod 700 "$XDG_RUNTIME_DIR"

swift build --build-tests
swift test --skip-build "$@"
