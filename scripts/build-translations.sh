#!/usr/bin/env bash
# Compiles the translations (po/<language>.po, the languages po/LINGUAS lists) into gettext catalogues:
#   scripts/build-translations.sh [DIR]   → DIR/<language>/LC_MESSAGES/voicerecorder.mo
# DIR is `.build/share/locale` by default, where a program run from the build directory (`.build/debug/…`) finds
# them (`Localization.directory(for:)`); installing copies them under `<prefix>/share/locale`.
set -euo pipefail
cd "$(dirname "$0")/.."

destination="${1:-.build/share/locale}"
while read -r language; do
  case "$language" in '' | '#'*) continue ;; esac
  mkdir -p "$destination/$language/LC_MESSAGES"
  msgfmt --check --output-file="$destination/$language/LC_MESSAGES/voicerecorder.mo" "po/$language.po"
done <po/LINGUAS
