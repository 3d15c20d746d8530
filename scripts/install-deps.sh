#!/usr/bin/env bash
# Installs the Debian packages that building, running and testing VoiceRecorder need.
# Idempotent: packages already present are not fetched again, so it is cheap to call every time.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  pkg-config
  libgtk-4-dev libadwaita-1-dev libpango1.0-dev libcairo2-dev libavformat-dev libavcodec-dev libswresample-dev libavutil-dev libavfilter-dev
  libpulse-dev libsqlite3-dev libopus-dev opus-tools
  # Enhance (SPEC I.3): WebRTC's audio processing; its tests mix speech with recorded noise from sonic-pi-samples.
  libwebrtc-audio-processing-dev sonic-pi-samples
  pulseaudio pulseaudio-utils
  xvfb xdotool dbus dbus-x11 openbox wmctrl
  at-spi2-core python3 python3-gi gir1.2-glib-2.0 desktop-file-utils appstream
  espeak-ng sox ffmpeg imagemagick
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav gstreamer1.0-pulseaudio
  time
  # The translations: msgfmt, msgmerge, msgcmp (scripts/update-translations.py, scripts/build-translations.sh).
  gettext
  fonts-dejavu-core
  # The control's GObject library (SPEC H): introspection, Vala, its reference, and the clients' GJS.
  gobject-introspection libgirepository1.0-dev valac gi-docgen gjs
  # GTK's media backend (GStreamer): the chat examples play a sent take with GtkMediaFile.
  libgtk-4-media-gstreamer
  # The desktop's media controls are tested as a desktop drives them (MPRIS).
  playerctl
  # The slow-disk test builds a small preload shim (fsync made slow) with the C compiler.
  gcc libc6-dev
)

scripts/install-packages.sh "${packages[@]}"
