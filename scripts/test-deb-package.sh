#!/usr/bin/env bash
# Tests the Debian package as a person installs and removes it (SPEC J.4), on this machine: builds it
# (scripts/package-deb.sh --fast), checks it with lintian (no errors), desktop-file-validate and appstreamcli,
# installs it with apt-get, starts Voice Memos from its installed desktop file in a private X server (in German, from
# the installed translations), checks that voicerec and the library work from /usr, purges the package and checks
# that the person's memos are still there and nothing of the package is. (A voicerecorder installed before is
# replaced and purged too: reinstall it after.)
#
#   scripts/test-deb-package.sh [PACKAGE.deb]   (root, or sudo; prints one line per check, exits 1 at the first failure)
#
# Given a package already built (the test command builds it beside the GUI suites), it tests that one instead.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
fail() { echo "test-deb-package: FAILED: $*" >&2; exit 1; }
pass() { echo "test-deb-package: ok: $*"; }

scripts/install-packages.sh lintian desktop-file-utils appstream xvfb xdotool dbus libglib2.0-bin
if [ $# -gt 0 ]; then
  package="$1"
  [ -f "$package" ] || fail "no package at $package"
else
  scripts/package-deb.sh --fast
  package="$(ls -t dist/voicerecorder_*.deb | head -1)"
fi

scratch="$(mktemp -d /tmp/voicerecorder-deb-test.XXXXXX)"
before="$(dpkg-query -W -f='${Status} ${Version}' voicerecorder 2>/dev/null || true)"
cleanup() {
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  pkill -f "^/usr/bin/voice-memos" 2>/dev/null || true
  if dpkg-query -W voicerecorder >/dev/null 2>&1 && [[ "$before" != "install ok installed"* ]]; then
    $SUDO apt-get purge -y -qq voicerecorder >/dev/null 2>&1 || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# lintian: errors fail (warnings are listed in docs/USAGE.md's packaging notes).
lintian --fail-on error --suppress-tags no-manual-page "$package" >"$scratch/lintian.txt" 2>&1 \
  || { cat "$scratch/lintian.txt" >&2; fail "lintian reports errors"; }
pass "lintian: no errors ($(grep -c '^W:' "$scratch/lintian.txt" || true) warnings)"

$SUDO apt-get install -y -qq "./$package" >"$scratch/apt.txt" 2>&1 || { cat "$scratch/apt.txt" >&2; fail "apt-get install"; }
pass "apt-get install ./$package"
id=org.voicerecorder.VoiceMemos
desktop-file-validate "/usr/share/applications/$id.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "/usr/share/metainfo/$id.metainfo.xml" >/dev/null || fail "appstreamcli validate"
pass "the installed desktop file and metainfo validate"

# A person's library, made by the installed voicerec.
export HOME="$scratch/home" XDG_RUNTIME_DIR="$scratch/runtime"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME
espeak-ng -w "$scratch/hello.wav" "Hello from the package." 2>/dev/null
/usr/bin/voicerec memos add "$scratch/hello.wav" >"$scratch/added.json" || fail "voicerec memos add"
memo="$HOME/.local/share/voicerecorder/memos/$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' "$scratch/added.json").m4a"
[ -f "$memo" ] || fail "voicerec kept no memo at $memo"
pass "/usr/bin/voicerec kept a memo"
/usr/bin/python3 - <<'PY' || fail "the library from /usr (GObject introspection) does not load"
import gi
gi.require_version("VoiceRecorder", "1.0")
from gi.repository import VoiceRecorder  # noqa: F401
PY
pass "the library loads from /usr through GObject introspection"

# Voice Memos from its desktop file, as the desktop starts it, in German.
exec 3< <(Xvfb -displayfd 1 -screen 0 1024x768x24 -nolisten tcp 2>/dev/null & echo "pid $!"; wait)
read -r _ xvfb <&3
read -r display <&3
export DISPLAY=":$display"
title="$(LANGUAGE=de LANG=C.UTF-8 gettext -d voicerecorder "Voice Memos")"
[ "$title" != "Voice Memos" ] || fail "no German catalogue installed"
LANGUAGE=de LANG=C.UTF-8 dbus-run-session -- bash -c \
  "gio launch /usr/share/applications/$id.desktop; sleep 30" >"$scratch/app.txt" 2>&1 &
window="$(timeout 20 xdotool search --sync --onlyvisible --name "^$title\$" | head -1)" \
  || { cat "$scratch/app.txt" >&2; fail "no '$title' window within 20 s"; }
pgrep -f "^/usr/bin/voice-memos" >/dev/null || fail "the window is not /usr/bin/voice-memos's"
pass "Voice Memos started from its desktop file: window '$title' ($window)"
pkill -f "^/usr/bin/voice-memos"

$SUDO apt-get purge -y -qq voicerecorder >"$scratch/apt.txt" 2>&1 || { cat "$scratch/apt.txt" >&2; fail "apt-get purge"; }
for file in /usr/bin/voice-memos /usr/bin/voicerec /usr/lib/libvoicerecorder-gtk-1.so.0 \
            "/usr/share/applications/$id.desktop" /usr/share/locale/de/LC_MESSAGES/voicerecorder.mo; do
  [ ! -e "$file" ] || fail "$file is left after purge"
done
[ -f "$memo" ] || fail "the memo is gone after purge"
pass "apt-get purge removes the package and leaves the memos"
if [[ "$before" == "install ok installed"* ]]; then
  echo "test-deb-package: note: voicerecorder was installed before; reinstall it if you want it back"
fi
