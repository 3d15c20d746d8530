#!/usr/bin/env bash
# Builds every Swift example of the README and docs/USAGE.md in a client package that depends on this one by path (as an app would),
# and runs the examples marked to run, checking what they print. Part of the test command: the documentation cannot drift
# from the API.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 scripts/readme-examples.py
swift build --package-path Examples/ReadmeClient
output="$(Examples/ReadmeClient/.build/debug/readme-client)"
echo "$output"
# The headless example: two seconds of the simulated voice, 40 samples.
if ! grep -Eq '^voice-[0-9A-F-]{36}\.m4a 2\.0 40$' <<<"$output"; then
  echo "check-readme-examples: the headless example printed something else than 'voice-<UUID>.m4a 2.0 40'" >&2
  exit 1
fi
