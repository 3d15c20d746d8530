#!/usr/bin/env bash
# Installs Voice Memos for the desktop: the app, its desktop file, its icon and its metainfo, under a prefix
# (default ~/.local, where GNOME looks for a user's own apps). The desktop file is written to start the installed
# binary by its full path, so it works whether or not PREFIX/bin is on the PATH.
#
#   scripts/install-desktop-files.sh [--prefix DIR] [--binary PATH]
#
# --binary: the voice-memos to install (default: .build/release/voice-memos, else .build/debug/voice-memos; build
# one with `swift build -c release --static-swift-stdlib --product voice-memos`). Run it again to update; remove the
# files it lists to uninstall.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-desktop-files: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  for candidate in .build/release/voice-memos .build/debug/voice-memos; do
    if [ -x "$candidate" ]; then binary="$candidate"; break; fi
  done
fi
if [ -z "$binary" ] || [ ! -x "$binary" ]; then
  echo "install-desktop-files: no voice-memos binary found; build it with 'swift build -c release --static-swift-stdlib --product voice-memos' or give --binary" >&2
  exit 1
fi

id=org.voicerecorder.VoiceMemos
install -D -m 0755 "$binary" "$prefix/bin/voice-memos"
install -d "$prefix/share/applications" "$prefix/share/metainfo" "$prefix/share/icons/hicolor/scalable/apps"
sed "s|^Exec=voice-memos|Exec=$prefix/bin/voice-memos|" "data/$id.desktop" > "$prefix/share/applications/$id.desktop"
chmod 0644 "$prefix/share/applications/$id.desktop"
install -m 0644 "data/$id.metainfo.xml" "$prefix/share/metainfo/$id.metainfo.xml"
install -m 0644 "data/icons/hicolor/scalable/apps/$id.svg" "$prefix/share/icons/hicolor/scalable/apps/$id.svg"

# Tell the desktop, where its tools are installed (both are optional).
if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$prefix/share/applications" || true; fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$prefix/share/icons/hicolor/index.theme" ]; then
  gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" || true
fi

echo "Installed Voice Memos under $prefix:"
for file in bin/voice-memos "share/applications/$id.desktop" "share/metainfo/$id.metainfo.xml" \
            "share/icons/hicolor/scalable/apps/$id.svg"; do
  echo "  $prefix/$file"
done
