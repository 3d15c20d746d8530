#!/usr/bin/env bash
# Runs the built test suites (everything but the end-to-end GUI suites) and the speech engine's own tests as a
# few processes side by side, in two rounds; prints each one's output when it ends, and fails if any failed.
#
# Why processes: most integration tests wait on the real world (a sound server, a child process, a file synced to
# disk) with the thread they run on, and Swift's cooperative pool has one thread per core. In one process on a
# two-core machine that left the processors ~70 % idle for three and a half minutes; side by side the same tests
# keep both busy and take about half as long.
#
# Why rounds and priorities: what is timed against real audio (sound servers, a memo playing) must not be squeezed
# by the rest, so it runs at normal priority and everything else beside it at a lower one (nice 10). The speech
# engine runs at the lowest priority of all, as in the app, so the tests that wait on it run in a second round,
# once the slices that keep the processors busy have ended.
#
# Usage: scripts/run-test-slices.sh   (after `swift build --build-tests`; scripts/test.sh calls it)
set -euo pipefail
cd "$(dirname "$0")/.."

tests=".build/debug/VoiceRecorderPackageTests.xctest"
[ -x "$tests" ] || { echo "run-test-slices: $tests is missing: swift build --build-tests" >&2; exit 1; }
# Where the programs find the engine (XDGDirectories: an XDG_DATA_HOME that is not absolute is ignored).
data_home="$HOME/.local/share"
case "${XDG_DATA_HOME:-}" in /*) data_home="$XDG_DATA_HOME" ;; esac
speech_home="${VOICERECORDER_SPEECH_HOME:-$data_home/voicerecorder/speech}"
# The slices write to files, printed later: plain text, no terminal colours.
export NO_COLOR=1
logs="$(mktemp -d /tmp/voicerecorder-test-slices.XXXXXX)"

# The slices, as regular expressions over test IDs (Module.Type/test) for swift-testing's --filter and --skip.
sound_servers='VoiceRecorderPulseAudioTests'
playing='VoiceMemosAudioTests\.PulseAudioMemoPlayerTests|VoicerecTests\.(MemosPlayTests|PreviewCommandTests)'
real_time="$sound_servers|$playing"
speech='VoiceMemosSpeechTests|VoicerecTests\.(MemosTranscriptsTests|LiveTranscriptCommandTests)'
memos_cli='VoicerecTests\.(Memos|OpusMemos)'
media='VoiceMemosAudioTests|VoiceRecorderFFmpegTests|VoiceRecorderOpusTests'
gui='VoiceRecorderGTKTests|VoiceRecorderGObjectTests|VoiceMemosAppTests'

declare -A pids=()
failed=()
started=$SECONDS
# Interrupted: no test process is left running (a server a killed test had started may be, as after any crash).
trap 'kill "${pids[@]}" 2>/dev/null || true' INT TERM

start_slice() {
  local name="$1"
  shift
  "$@" >"$logs/$name.log" 2>&1 &
  pids[$name]=$!
}

suites() { "$tests" --testing-library swift-testing "$@"; }
suites_at_lower_priority() { nice -n 10 "$tests" --testing-library swift-testing "$@"; }

# Waits for the slices named, prints their output, and notes which failed.
finish() {
  local name status
  for name in "$@"; do
    status=0
    wait "${pids[$name]}" || status=$?
    echo "━━ slice $name (ended by $((SECONDS - started)) s, status $status)"
    cat "$logs/$name.log"
    [ "$status" -eq 0 ] || failed+=("$name")
    unset "pids[$name]"
  done
}

start_slice sound-servers suites --filter "$sound_servers"
start_slice playing suites --filter "$playing"
start_slice voicerec-memos suites_at_lower_priority --filter "$memos_cli" --skip "$real_time|$speech"
start_slice voicerec suites_at_lower_priority --filter VoicerecTests --skip "$memos_cli|$real_time|$speech"
start_slice media suites_at_lower_priority --filter "$media" --skip "$real_time"
start_slice everything-else suites_at_lower_priority --skip "$real_time|$speech|VoicerecTests|$media|$gui"
# The second round starts once the processors are free: the real-audio slices may still run (they take little).
finish voicerec-memos voicerec media everything-else

start_slice speech suites --filter "$speech"
# The engine's own tests, file mode and live mode (SPEC K), as a process on real speech (espeak-ng), with its own
# interpreter.
start_slice speech-engine "$speech_home/venv/bin/python" -m unittest discover -v -s speech-engine -p 'test_*.py'
finish sound-servers playing speech speech-engine

rm -rf "$logs"
if [ ${#failed[@]} -gt 0 ]; then
  echo "run-test-slices: failed: ${failed[*]}" >&2
  exit 1
fi
echo "run-test-slices: every slice passed in $((SECONDS - started)) s"
