#!/usr/bin/env bash
# The recording benchmark: voicerec against ffmpeg and GStreamer, recording the same speech from a private sound
# server, printed as a table (see benchmarks/recording_benchmark.py for what is measured and how).
# BENCH_LONG (default 300) and BENCH_SHORT (default 10) set the take lengths in seconds. The in-app start row comes
# from session-start-benchmark (a Session on the same server).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# The Swift runtime (and Foundation) linked in statically: less to load and relocate at every launch.
swift build -c release --static-swift-stdlib --product voicerec >&2
swift build -c release --static-swift-stdlib --product session-start-benchmark >&2
# The floor under a recording in Opus (libpulse and libopus alone, at voicerec's settings), recorded beside it.
export OPUS_FLOOR=/tmp/voicerecorder-opus-recorder-floor
# shellcheck disable=SC2046 # pkg-config's flags are separate words
cc -O2 -o "$OPUS_FLOOR" benchmarks/opus_recorder_floor.c $(pkg-config --cflags --libs libpulse opus)
# A just-linked executable's pages stay dirty in the page cache until they are written back, and until then count as
# the process's private dirty memory: write them out first.
sync

export VOICERECORDER_SOUND_DIR="/tmp/voicerecorder-benchmark-sound"
eval "$(scripts/sound-server.sh start)"
# The server whose extra CPU each recorder is charged with.
BENCH_SERVER_PID="$(cat "$VOICERECORDER_SOUND_DIR/server.pid")"
export BENCH_SERVER_PID
speech="$(mktemp /tmp/voicerecorder-speech.XXXXXX.wav)"
player=""
keepalive=""
cleanup() {
  [ -n "$player" ] && kill "$player" 2>/dev/null || true
  [ -n "$keepalive" ] && kill "$keepalive" 2>/dev/null || true
  rm -f "$speech"
  scripts/sound-server.sh stop
}
trap cleanup EXIT

espeak-ng -w "$speech" "A voice message is recorded while the finger holds the button. \
Slide to the left to throw it away, or slide up to keep recording hands free. \
The file is written while you speak, so nothing is lost if the phone rings."
# Speech in a loop, with a short pause between readings, into the sink whose monitor everyone records. Played at
# 20 ms latency, so the null sink renders in small blocks as a desktop's sink (and a microphone) does: with paplay's
# default 2 s the monitor hands a new recording its first audio only when the sink next wakes, up to 2 s later.
( while true; do paplay --latency-msec=20 -d voicerecorder_sink "$speech" 2>/dev/null || exit 0; sleep 0.4; done ) &
player=$!
# And silence between the readings, so the sink never falls back to long blocks in the pauses.
pacat --playback -d voicerecorder_sink --latency-msec=20 --raw --format=float32le --rate=24000 --channels=1 \
  /dev/zero 2>/dev/null &
keepalive=$!
sleep 1

BENCH_SPEECH="$speech" python3 benchmarks/recording_benchmark.py
