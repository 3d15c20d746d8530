#!/usr/bin/env bash
# The recording benchmark: voicerec against ffmpeg and GStreamer, recording the same speech from a private sound
# server, printed as a table (see benchmarks/recording_benchmark.py for what is measured and how).
# BENCH_LONG (default 300) and BENCH_SHORT (default 10) set the take lengths in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
swift build -c release --product voicerec >&2

export VOICERECORDER_SOUND_DIR="/tmp/voicerecorder-benchmark-sound"
eval "$(scripts/sound-server.sh start)"
speech="$(mktemp /tmp/voicerecorder-speech.XXXXXX.wav)"
player=""
cleanup() {
  [ -n "$player" ] && kill "$player" 2>/dev/null || true
  rm -f "$speech"
  scripts/sound-server.sh stop
}
trap cleanup EXIT

espeak-ng -w "$speech" "A voice message is recorded while the finger holds the button. \
Slide to the left to throw it away, or slide up to keep recording hands free. \
The file is written while you speak, so nothing is lost if the phone rings."
# Speech in a loop, with a short pause between readings, into the sink whose monitor everyone records.
( while true; do paplay -d voicerecorder_sink "$speech" 2>/dev/null || exit 0; sleep 0.4; done ) &
player=$!
sleep 1

python3 benchmarks/recording_benchmark.py
