#!/usr/bin/env bash
# Runs every test of the package on a fresh Debian 12 machine with the Swift toolchain: installs what is missing,
# builds, and runs the whole suite (unit, property and integration tests against real FFmpeg and PulseAudio).
set -euo pipefail
cd "$(dirname "$0")/.."

# How long each phase took, on stderr: the whole run must stay under ten minutes on a fresh two-core machine, and
# these lines say where the time goes when it grows.
phase_started=$SECONDS
phase() {
  echo "test.sh: $1 took $((SECONDS - phase_started)) s ($SECONDS s in all)" >&2
  phase_started=$SECONDS
}

scripts/install-deps.sh
# The speech engine (SPEC E): the transcript tests run the real engine and model.
scripts/install-speech-engine.sh
phase "installing"

# Integration tests start their own private sound servers; they must never reach the desktop's.
unset PULSE_SERVER
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d /tmp/voicerecorder-runtime.XXXXXX)}"
chmod 700 "$XDG_RUNTIME_DIR"

# Every import of the package's own modules is a declared, direct dependency (SwiftPM accepts transitive reach).
python3 scripts/check-imports.py
# The table of targets in docs/DESIGN.md is Package.swift's graph.
python3 scripts/readme-targets.py
# Every line the package shows is in the translations' template, and every translation is whole and compiles; the
# catalogues are compiled where programs run from the build directory find them (.build/share/locale).
python3 scripts/update-translations.py --check
scripts/build-translations.sh
# One layout for all the code (.swift-format): `swift format format -i --recursive Sources Tests Examples` fixes it.
# Only the files in the repository: the documentation's examples are generated into Examples/ReadmeClient as they are written.
git ls-files -z -- 'Sources/*.swift' 'Tests/*.swift' 'Examples/*.swift' | xargs -0 swift format lint --strict
phase "checks (imports, targets, translations, format)"

swift build --build-tests
phase "the debug build with the tests"
# The control's GObject library (SPEC H), installed as a user would (release build, Swift runtime inside) under a
# prefix of the run's own: its clients' tests run against what is installed, not the source tree.
library_prefix="$(mktemp -d /tmp/voicerecorder-library.XXXXXX)"
trap 'rm -rf "$library_prefix"' EXIT
scripts/install-library.sh --prefix "$library_prefix"
export VOICERECORDER_LIBRARY_PREFIX="$library_prefix"
phase "the GObject library's release build and install"
if [ $# -gt 0 ]; then
  exec swift test --skip-build "$@"
fi
# Every suite but the two end-to-end GUI ones, and the speech engine's own tests, as a few processes side by side
# (the script says why).
scripts/run-test-slices.sh
phase "the test slices"
# The documentation's examples (README.md, docs/USAGE.md), built by a client package as an app would build them (the
# headless one runs), then the Debian package's release build (SPEC J.4): meanwhile, one after the other, at the
# lowest priority, so the GUI suites below keep the processors they need and these two builds only take what the
# suites leave idle (about 75 s of the run's ten minutes when they ran after the suites).
readme_log="$(mktemp /tmp/voicerecorder-readme-examples.XXXXXX.log)"
package_log="$(mktemp /tmp/voicerecorder-package.XXXXXX.log)"
rm -f dist/voicerecorder_*.deb
(nice -n 19 scripts/check-readme-examples.sh >"$readme_log" 2>&1 \
  && nice -n 19 scripts/package-deb.sh --fast >"$package_log" 2>&1) &
readme_check=$!
# A GUI suite that fails ends the script: the build goes with it.
trap 'pkill -P "$readme_check" 2>/dev/null || true; kill "$readme_check" 2>/dev/null || true; rm -rf "$library_prefix"' EXIT
# The end-to-end tests of the GTK demo drive a real X server with timed pointer gestures: they run after the other
# suites, with only that low-priority build beside them, so nothing squeezes their timing on a two-core machine.
tests=.build/debug/VoiceRecorderPackageTests.xctest
[ -t 1 ] || export NO_COLOR=1
"$tests" --testing-library swift-testing --filter VoiceRecorderGTKTests
phase "the GTK demo's end-to-end tests"
# The chat examples in C, Python, JavaScript and Vala against the installed library, driven the same way, one test
# at a time: the install tests' builds would otherwise run beside their timed holds.
"$tests" --testing-library swift-testing --no-parallel --filter VoiceRecorderGObjectTests
phase "the chat examples' tests"
# The Voice Memos app's end-to-end tests, one at a time in each of two processes side by side (every test has its
# own X server, sound server and session bus): the suites that wait on the speech engine and a few short ones, beside
# the rest. The first one's output is printed when both have ended.
memos_first='VoiceMemosAppTests\.(Transcripts|TranscriptsAccessibility|LiveTranscriptApp|Scrolling|SlowDisk|SearchTyping|Persistence)Tests/'
memos_log="$(mktemp /tmp/voicerecorder-memos-app-tests.XXXXXX.log)"
"$tests" --testing-library swift-testing --no-parallel --filter "$memos_first" >"$memos_log" 2>&1 &
memos_half=$!
trap 'kill "$memos_half" 2>/dev/null || true; rm -f "$memos_log"; pkill -P "$readme_check" 2>/dev/null || true; kill "$readme_check" 2>/dev/null || true; rm -rf "$library_prefix"' EXIT
memos_status=0
"$tests" --testing-library swift-testing --no-parallel --filter VoiceMemosAppTests --skip "$memos_first" || memos_status=$?
wait "$memos_half" || memos_status=$?
cat "$memos_log"
rm -f "$memos_log"
[ "$memos_status" -eq 0 ] || exit "$memos_status"
phase "the Voice Memos app's end-to-end tests"
readme_status=0
wait "$readme_check" || readme_status=$?
cat "$readme_log" "$package_log"
rm -f "$readme_log" "$package_log"
[ "$readme_status" -eq 0 ] || exit "$readme_status"
phase "waiting for the documentation's examples and the package's build"
# The Debian package (SPEC J.4), last and alone: the one built above, checked, installed, started from its desktop
# file and purged.
scripts/test-deb-package.sh "$(ls dist/voicerecorder_*.deb)"
phase "the Debian package"
