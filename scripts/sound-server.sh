#!/usr/bin/env bash
# A private PulseAudio server for trying VoiceRecorder without a desktop: a null sink at 24 kHz mono (its monitor is
# the capture source), in its own runtime directory, reachable without authentication over a unix socket.
#
#   scripts/sound-server.sh start   start it (nothing happens if it already runs) and print its environment
#   scripts/sound-server.sh env     print the environment to use it:  eval "$(scripts/sound-server.sh env)"
#   scripts/sound-server.sh stop    stop it and remove its directory (nothing happens if it does not run)
#
# Works as root too: the server runs as a per-user daemon (--system=false), never spawned by clients.
# VOICERECORDER_SOUND_DIR overrides the runtime directory (default /tmp/voicerecorder-sound-$UID).
set -euo pipefail

dir="${VOICERECORDER_SOUND_DIR:-/tmp/voicerecorder-sound-$(id -u)}"
socket="$dir/pulse/native"
pidfile="$dir/server.pid"
sink="voicerecorder_sink"

print_env() {
  echo "export PULSE_SERVER=unix:$socket"
  echo "# capture source: $sink.monitor   playback sink: $sink"
}

running() {
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null && PULSE_SERVER="unix:$socket" pactl info >/dev/null 2>&1
}

case "${1:-}" in
  start)
    if running; then print_env; exit 0; fi
    mkdir -p "$dir/pulse"
    # The server closes inherited descriptors and keeps running in the background (nohup, no -D so $! is its pid).
    XDG_RUNTIME_DIR="$dir" HOME="$dir" DBUS_SESSION_BUS_ADDRESS="disabled:" nohup pulseaudio \
      --daemonize=no --system=false --exit-idle-time=-1 --disallow-exit -n --use-pid-file=no --disable-shm=yes \
      --log-target="file:$dir/server.log" \
      -L "module-null-sink sink_name=$sink rate=24000 channels=1" \
      -L "module-native-protocol-unix auth-anonymous=1 socket=$socket" \
      >/dev/null 2>&1 &
    echo $! >"$pidfile"
    for _ in $(seq 1 100); do
      if running; then print_env; exit 0; fi
      sleep 0.05
    done
    echo "The sound server did not start; see $dir/server.log" >&2
    exit 1
    ;;
  env)
    if ! running; then echo "The sound server is not running: scripts/sound-server.sh start" >&2; exit 1; fi
    print_env
    ;;
  stop)
    if [ -f "$pidfile" ]; then
      pid="$(cat "$pidfile")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|env" >&2
    exit 2
    ;;
esac
