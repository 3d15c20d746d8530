"""GNOME Sound Recorder 43, the peer of the Voice Memos window: its Debian packages, a library of recordings as it
would have made them, and how it is started.

What it expects, from its source (Debian's 43~beta-1, the JavaScript in its gresource) and its settings schema:
- its recordings are the files in $XDG_DATA_HOME/org.gnome.SoundRecorder/, named "Recording N" (no extension; the
  content type is sniffed), listed newest first by modification time;
- it records with the "flac" audio profile and "stereo" channels by default (org.gnome.SoundRecorder's
  audio-profile and audio-channel), at the sound server's rate (48 kHz on a PipeWire desktop);
- when it stops a recording it writes the level meter's peaks (one a 100 ms, as JSON) to
  $XDG_CACHE_HOME/org.gnome.SoundRecorder/"Recording N_data", and a row reads them from there (it decodes the file
  again only for a recording without that cache);
- each recording's duration comes from a GstDiscoverer run on its file at start-up, one per recording.
"""
import json
import math
import os
import shutil
import subprocess

PACKAGES = ["gnome-sound-recorder", "gstreamer1.0-plugins-good", "gstreamer1.0-tools", "dbus", "x11-utils"]
WINDOW_NAME = "Sound Recorder"
# A script run by gjs-console: the kernel names the process after the script (15 characters at most).
PROCESS_NAME = "gnome-sound-recorder"
RATE = 48_000
PEAKS_PER_SECOND = 10


def home_environment(home):
    """The variables that keep it in `home`: its recordings, waveform cache and settings, nothing of the user's."""
    return {
        "HOME": home,
        "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
        "XDG_CACHE_HOME": os.path.join(home, ".cache"),
        "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        # Its defaults (FLAC, stereo) without a dconf service on the benchmark's session bus.
        "GSETTINGS_BACKEND": "memory",
    }


def command():
    """It needs a session bus (it is a D-Bus-activatable GApplication): a private one for each start."""
    return ["dbus-run-session", "--", "gnome-sound-recorder"]


def make_library(home, count, seconds, newest):
    """`count` recordings of `seconds` each in `home`, as the app leaves them: FLAC, stereo, 48 kHz, named
    "Recording 1"… with one minute between their dates (the last the newest, at `newest`, seconds since the
    epoch), each with its waveform cache."""
    recordings = os.path.join(home, ".local", "share", "org.gnome.SoundRecorder")
    cache = os.path.join(home, ".cache", "org.gnome.SoundRecorder")
    os.makedirs(recordings, exist_ok=True)
    os.makedirs(cache, exist_ok=True)
    template = os.path.join(home, "template.flac")
    # The same pipeline end as its recorder (flacenc behind encodebin's FLAC profile), on a 220 Hz tone.
    buffers = int(seconds * 10)
    subprocess.run(
        ["gst-launch-1.0", "-q", "audiotestsrc", "wave=sine", "freq=220", "volume=0.5",
         f"samplesperbuffer={RATE // 10}", f"num-buffers={buffers}", "!",
         f"audio/x-raw,rate={RATE},channels=2,format=S16LE", "!", "flacenc", "!", "filesink",
         f"location={template}"], check=True)
    # What its level meter would have seen: the tone's peak, in its linear form (10^(dB/20)).
    peaks = json.dumps([round(math.pow(10, -6.02 / 20), 6)] * int(seconds * PEAKS_PER_SECOND), separators=(",", ":"))
    for index in range(1, count + 1):
        name = f"Recording {index}"
        path = os.path.join(recordings, name)
        # Copies, not links: each file needs a date of its own (a link shares its inode's).
        shutil.copyfile(template, path)
        date = newest - (count - index) * 60
        os.utime(path, (date, date))
        with open(os.path.join(cache, f"{name}_data"), "w") as f:
            f.write(peaks)
    os.remove(template)
