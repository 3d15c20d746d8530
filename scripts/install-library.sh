#!/usr/bin/env bash
# Builds (release) and installs the hold-to-record control as a GObject library for C, Python, JavaScript and Vala
# apps (SPEC H), or removes it again:
#
#   scripts/install-library.sh [--prefix DIR] [--destdir STAGE] [--uninstall]
#
# Installs under DIR (default /usr/local): lib/libvoicerecorder-gtk-1.so (with its soname link), the header under
# include/voicerecorder-gtk-1/, lib/pkgconfig/voicerecorder-gtk-1.pc, share/gir-1.0/VoiceRecorder-1.0.gir,
# lib/girepository-1.0/VoiceRecorder-1.0.typelib, share/vala/vapi/voicerecorder-gtk-1.{vapi,deps} and the API
# reference in share/doc/voicerecorder-gtk-1/, and the translations in share/locale/. The Debian packages it needs are installed first. Running it again
# replaces what it installed; --uninstall removes exactly the files it installed (listed in
# share/voicerecorder-gtk-1/installed-files). With --destdir, the files go under STAGE/DIR for a package to take
# (its pkg-config file still says DIR), with no list and no linker cache refresh: the package manager keeps those.
#
# The library carries the Swift runtime and Foundation inside it (linked statically), so it runs in a process that
# has no Swift: it needs Debian's libraries and itself.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
destdir=""
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install-library: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --destdir) [ $# -ge 2 ] || { echo "install-library: --destdir needs a folder" >&2; exit 2; }; destdir="$2"; shift 2 ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-library: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ -n "$destdir" ]; then
  mkdir -p "$destdir"
  destdir="$(cd "$destdir" && pwd)"
  case "$prefix" in /*) ;; *) echo "install-library: with --destdir, --prefix must be absolute" >&2; exit 2 ;; esac
else
  mkdir -p "$prefix"
  prefix="$(cd "$prefix" && pwd)"
fi
root="$destdir$prefix"  # where the files go; $prefix is where they will be

version=1.0.0
soname=libvoicerecorder-gtk-1.so.0
manifest="$root/share/voicerecorder-gtk-1/installed-files"

# Removes every file a previous install listed, then the folders of ours it leaves empty.
remove_installed() {
  [ -f "$manifest" ] || return 0
  while IFS= read -r file; do rm -f "$root/$file"; done <"$manifest"
  rm -f "$manifest"
  for folder in share/voicerecorder-gtk-1 share/doc/voicerecorder-gtk-1 include/voicerecorder-gtk-1; do
    [ -d "$root/$folder" ] && find "$root/$folder" -depth -type d -empty -delete
  done
  return 0
}

refresh_linker_cache() {
  if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi
}

if $uninstall; then
  remove_installed
  refresh_linker_cache
  echo "install-library: removed from $prefix"
  exit 0
fi

scripts/install-packages.sh pkg-config libgtk-4-dev gobject-introspection libgirepository1.0-dev valac gi-docgen

# The library, with the Swift runtime and Foundation inside, exporting only its C API (library/*.map).
swift build -c release --product voicerecorder-gtk-1 -Xswiftc -static-stdlib \
  -Xlinker "--version-script=$PWD/library/voicerecorder-gtk-1.map" -Xlinker "-soname=$soname"
built="$(swift build -c release --show-bin-path)/libvoicerecorder-gtk-1.so"

stage="$(mktemp -d /tmp/voicerecorder-library.XXXXXX)"
trap 'rm -rf "$stage"' EXIT
sources=Sources/CModules/CVoiceRecorderGObject
headers=("$sources"/include/voicerecorder-gtk-1/*.h)
mkdir -p "$stage/lib"
strip --strip-unneeded -o "$stage/lib/$soname" "$built"
ln -s "$soname" "$stage/lib/libvoicerecorder-gtk-1.so"

# Introspection data, from the public headers and the doc comments in the C sources. The scanner builds and runs
# a small program against the library to read its GTypes; any warning fails the install.
scanner_log="$stage/g-ir-scanner.log"
g-ir-scanner --quiet --warn-all --namespace=VoiceRecorder --nsversion=1.0 \
  --identifier-prefix=VoiceRecorder --symbol-prefix=voice_recorder \
  --include=Gtk-4.0 --pkg=gtk4 --pkg-export=voicerecorder-gtk-1 \
  --c-include=voicerecorder-gtk-1/voicerecorder.h \
  --library=voicerecorder-gtk-1 --library-path="$stage/lib" \
  -I"$sources/include" -DVOICE_RECORDER_COMPILATION \
  --output="$stage/VoiceRecorder-1.0.gir" \
  "${headers[@]}" "$sources"/voicerecorder-{control,control-api,take,enums,init}.c 2>"$scanner_log" || {
  cat "$scanner_log" >&2
  exit 1
}
if [ -s "$scanner_log" ]; then
  echo "install-library: g-ir-scanner warned:" >&2
  cat "$scanner_log" >&2
  exit 1
fi
# The typelib names the library by its installed path when the prefix is not one the loader searches, so Python
# and GJS find it without LD_LIBRARY_PATH.
case "$prefix" in
  /usr | /usr/local) shared_library="$soname" ;;
  *) shared_library="$prefix/lib/$soname" ;;
esac
g-ir-compiler --shared-library="$shared_library" --output="$stage/VoiceRecorder-1.0.typelib" \
  "$stage/VoiceRecorder-1.0.gir"

# Vala's binding, from the introspection data.
vapigen --quiet --library=voicerecorder-gtk-1 --pkg=gtk4 --directory="$stage" "$stage/VoiceRecorder-1.0.gir"
printf 'gtk4\n' >"$stage/voicerecorder-gtk-1.deps"

sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" library/voicerecorder-gtk-1.pc.in \
  >"$stage/voicerecorder-gtk-1.pc"

# The API reference.
sed -e "s|@VERSION@|$version|" library/voicerecorder-gtk-1.toml >"$stage/voicerecorder-gtk-1.toml"
gi-docgen generate --quiet --no-namespace-dir --config="$stage/voicerecorder-gtk-1.toml" \
  --output-dir="$stage/reference" "$stage/VoiceRecorder-1.0.gir"

# Install: what a previous install left goes first, so a file dropped since is not left behind.
remove_installed
installed=()
put() { # put MODE SOURCE DESTINATION (relative to the prefix)
  install -D -m "$1" "$2" "$root/$3"
  installed+=("$3")
}
put 0644 "$stage/lib/$soname" "lib/$soname"
ln -sf "$soname" "$root/lib/libvoicerecorder-gtk-1.so"
installed+=(lib/libvoicerecorder-gtk-1.so)
for header in "${headers[@]}"; do put 0644 "$header" "include/voicerecorder-gtk-1/$(basename "$header")"; done
put 0644 "$stage/voicerecorder-gtk-1.pc" lib/pkgconfig/voicerecorder-gtk-1.pc
put 0644 "$stage/VoiceRecorder-1.0.gir" share/gir-1.0/VoiceRecorder-1.0.gir
put 0644 "$stage/VoiceRecorder-1.0.typelib" lib/girepository-1.0/VoiceRecorder-1.0.typelib
put 0644 "$stage/voicerecorder-gtk-1.vapi" share/vala/vapi/voicerecorder-gtk-1.vapi
put 0644 "$stage/voicerecorder-gtk-1.deps" share/vala/vapi/voicerecorder-gtk-1.deps
while IFS= read -r -d '' file; do
  put 0644 "$file" "share/doc/voicerecorder-gtk-1/${file#"$stage/reference/"}"
done < <(find "$stage/reference" -type f -print0)
# The control's lines in the host app's language: the catalogues, where the library looks (its prefix's share/locale).
scripts/build-translations.sh "$stage/locale"
while IFS= read -r -d '' file; do
  put 0644 "$file" "share/locale/${file#"$stage/locale/"}"
done < <(find "$stage/locale" -type f -print0)
if [ -z "$destdir" ]; then
  mkdir -p "$(dirname "$manifest")"
  printf '%s\n' "${installed[@]}" >"$manifest"
fi
refresh_linker_cache

echo "install-library: installed in $prefix (libvoicerecorder-gtk-1 $version, $(du -h "$root/lib/$soname" | cut -f1))"
if [ "$prefix" != /usr ]; then
  echo "install-library: Python and GJS find it with GI_TYPELIB_PATH=$prefix/lib/girepository-1.0"
fi
case "$prefix" in
  /usr | /usr/local) ;;
  *) echo "install-library: pkg-config finds it with PKG_CONFIG_PATH=$prefix/lib/pkgconfig" ;;
esac
