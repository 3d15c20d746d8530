#!/usr/bin/env bash
# Builds VoiceRecorder's Debian package from the release build (SPEC J.4):
#
#   scripts/package-deb.sh [--fast]   → dist/voicerecorder_<version>_<arch>.deb
#
# --fast packs with xz -1 instead of -6 (7 s instead of 45 s here, a 71 MB package instead of 61 MB): for tests.
#
# It holds the Voice Memos app (its desktop file, icon, metainfo, search provider and D-Bus file), voicerec, the
# speech engine's installer (voicerecorder-install-speech-engine: the engine is a per-user Python environment from
# PyPI, never part of the package), the hold-to-record control's GObject library with its development files (SPEC
# H), and the translations. The version is the metainfo's newest release; the dependencies are what dpkg-shlibdeps
# finds the programs and the library linked against. Install it with `sudo apt-get install ./dist/….deb`.
set -euo pipefail
cd "$(dirname "$0")/.."

compression=6
case "${1:-}" in
  --fast) compression=1 ;;
  "") ;;
  *) echo "package-deb: unknown argument '$1' (see the script's head)" >&2; exit 2 ;;
esac
scripts/install-packages.sh dpkg-dev gettext binutils
id=org.voicerecorder.VoiceMemos
version="$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "data/$id.metainfo.xml" | head -1)"
arch="$(dpkg --print-architecture)"
[ -n "$version" ] || { echo "package-deb: no release in data/$id.metainfo.xml" >&2; exit 1; }

stage="$(mktemp -d /tmp/voicerecorder-deb.XXXXXX)"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"

# The library first: the programs are built with its flags (the Swift runtime linked in), so the release build's
# modules are compiled once for all four.
scripts/install-library.sh --prefix /usr --destdir "$root"
for product in voice-memos voice-memos-search-provider voicerec; do
  swift build -c release -Xswiftc -static-stdlib --product "$product"
done
bin="$(swift build -c release --show-bin-path)"
scripts/install-desktop-files.sh --prefix /usr --destdir "$root" --binary "$bin/voice-memos"
install -m 0755 "$bin/voicerec" "$root/usr/bin/voicerec"

# The speech engine's installer, run by each person who wants transcripts: the script and its pins, and a command
# that runs it (the script finds its pins beside itself).
install -D -m 0755 scripts/install-speech-engine.sh "$root/usr/share/voicerecorder/scripts/install-speech-engine.sh"
for file in voicerec_speech.py live_engine.py live_agreement.py assemble_model.py requirements.txt model-requirements.txt model.sha256; do
  install -D -m 0644 "speech-engine/$file" "$root/usr/share/voicerecorder/speech-engine/$file"
done
cat >"$root/usr/bin/voicerecorder-install-speech-engine" <<'SCRIPT'
#!/bin/sh
# Installs the speech engine that transcribes Voice Memos for the person running it (~/.local/share/voicerecorder).
exec /usr/share/voicerecorder/scripts/install-speech-engine.sh "$@"
SCRIPT
chmod 0755 "$root/usr/bin/voicerecorder-install-speech-engine"

# Debian's documentation: the licence and the changelog (a native package's).
install -D -m 0644 packaging/debian/copyright "$root/usr/share/doc/voicerecorder/copyright"
{
  echo "voicerecorder ($version) unstable; urgency=medium"
  echo
  # The release's description, as one entry wrapped to Debian's 80 columns.
  sed -n '/<release version="'"$version"'"/,/<\/release>/p' "data/$id.metainfo.xml" | sed -e 's/<[^>]*>//g' \
    | tr -s ' \n' ' ' | sed 's/^ *//; s/ *$//' | fold -s -w 74 | sed '1s/^/  * /; 2,$s/^/    /; s/ *$//'
  echo
  echo " -- The VoiceRecorder project <maintainers@voicerecorder.org>  $(date -R -d "$(sed -n 's/.*<release version="'"$version"'" date="\([^"]*\)".*/\1/p' "data/$id.metainfo.xml")")"
} | gzip -9n >"$root/usr/share/doc/voicerecorder/changelog.gz"
chmod 0644 "$root/usr/share/doc/voicerecorder/changelog.gz"

# Stripped of their symbols (as Debian ships binaries), the programs and the library keep only what runs.
for binary in "$root"/usr/bin/voice-memos "$root"/usr/bin/voice-memos-search-provider "$root"/usr/bin/voicerec \
              "$root"/usr/lib/libvoicerecorder-gtk-1.so.0; do
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
done
# The library's API reference goes with its other documentation.
find "$root" -type d -exec chmod 0755 {} +

# The package's own files: what it depends on (from the binaries), its size, its checksums.
mkdir -p "$stage/debian" "$root/DEBIAN"
printf 'Source: voicerecorder\n\nPackage: voicerecorder\nArchitecture: any\n' >"$stage/debian/control"
(cd "$stage" && dpkg-shlibdeps -O -e root/usr/bin/voice-memos -e root/usr/bin/voice-memos-search-provider \
  -e root/usr/bin/voicerec -e root/usr/lib/libvoicerecorder-gtk-1.so.0 2>/dev/null) >"$stage/shlibs"
depends="$(sed -n 's/^shlibs:Depends=//p' "$stage/shlibs")"
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
  packaging/debian/control.in >"$root/DEBIAN/control"
printf 'activate-noawait ldconfig\n' >"$root/DEBIAN/triggers"
# Programs built against the library depend on this package (it holds the library and its development files).
printf 'libvoicerecorder-gtk-1 0 voicerecorder (>= %s)\n' "$version" >"$root/DEBIAN/shlibs"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums" "$root/DEBIAN/triggers" "$root/DEBIAN/shlibs"

mkdir -p dist
package="dist/voicerecorder_${version}_${arch}.deb"
rm -f "$package"
dpkg-deb --root-owner-group -Zxz -z"$compression" --build "$root" "$package" >/dev/null
echo "package-deb: $package ($(du -h "$package" | cut -f1), installed $((size / 1024)) MiB)"
