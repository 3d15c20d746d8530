#!/usr/bin/env bash
# Installs Voice Memos for the desktop: the app, its desktop file, its icon, its metainfo, its translations, and its search in the
# Activities overview (the provider, its .ini and its D-Bus service file), under a prefix (default ~/.local, where
# GNOME looks for a user's own apps). The desktop and service files are written to start the installed binaries by
# their full paths, so they work whether or not PREFIX/bin is on the PATH. A session bus finds the provider when
# PREFIX/share is in its XDG_DATA_DIRS (~/.local/share always is).
#
#   scripts/install-desktop-files.sh [--prefix DIR] [--destdir STAGE] [--binary PATH]
#
# --destdir: the files go under STAGE/DIR for a package to take (what they name is still DIR/bin/…), and the
# desktop's caches are left to the package manager.
# --binary: the voice-memos to install (default: .build/release/voice-memos, else .build/debug/voice-memos; build
# one with `swift build -c release --static-swift-stdlib --product voice-memos`); the search provider is the
# voice-memos-search-provider beside it. Run it again to update; remove the
# files it lists to uninstall.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
destdir=""
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --destdir) destdir="${2:?--destdir needs a directory}"; shift 2 ;;
    --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

provider="$(dirname "$binary")/voice-memos-search-provider"
if [ ! -x "$provider" ]; then
  echo "install-desktop-files: no $provider beside the app; build it with 'swift build --product voice-memos-search-provider'" >&2
  exit 1
fi

id=org.voicerecorder.VoiceMemos
root="$destdir$prefix"  # where the files go; $prefix is where they will be
install -D -m 0755 "$binary" "$root/bin/voice-memos"
install -D -m 0755 "$provider" "$root/bin/voice-memos-search-provider"
install -d "$root/share/gnome-shell/search-providers" "$root/share/dbus-1/services"
install -m 0644 "data/$id.search-provider.ini" "$root/share/gnome-shell/search-providers/$id.search-provider.ini"
sed "s|^Exec=voice-memos-search-provider|Exec=$prefix/bin/voice-memos-search-provider|" \
  "data/$id.SearchProvider.service" >"$root/share/dbus-1/services/$id.SearchProvider.service"
chmod 0644 "$root/share/dbus-1/services/$id.SearchProvider.service"
install -d "$root/share/applications" "$root/share/metainfo" "$root/share/icons/hicolor/scalable/apps"
# Its name and description in every language po/ has (msgfmt --desktop writes Name[de]=… and so on).
msgfmt --desktop --template="data/$id.desktop" -d po -o - \
  | sed "s|^Exec=voice-memos|Exec=$prefix/bin/voice-memos|" >"$root/share/applications/$id.desktop"
chmod 0644 "$root/share/applications/$id.desktop"
install -m 0644 "data/$id.metainfo.xml" "$root/share/metainfo/$id.metainfo.xml"
install -m 0644 "data/icons/hicolor/scalable/apps/$id.svg" "$root/share/icons/hicolor/scalable/apps/$id.svg"
# The translations, where the installed app finds them (its prefix's share/locale).
scripts/build-translations.sh "$root/share/locale"

# Tell the desktop, where its tools are installed (both are optional); a package leaves this to its manager.
[ -z "$destdir" ] || exit 0
if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$root/share/applications" || true; fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$root/share/icons/hicolor/index.theme" ]; then
  gtk-update-icon-cache -q -t "$root/share/icons/hicolor" || true
fi

echo "Installed Voice Memos under $prefix:"
for file in bin/voice-memos bin/voice-memos-search-provider "share/applications/$id.desktop" \
            "share/metainfo/$id.metainfo.xml" "share/icons/hicolor/scalable/apps/$id.svg" \
            "share/gnome-shell/search-providers/$id.search-provider.ini" \
            "share/dbus-1/services/$id.SearchProvider.service"; do
  echo "  $prefix/$file"
done
