#!/usr/bin/env python3
"""Takes the documentation's pictures of the Voice Memos app: the real app in Xvfb, driven with xdotool as a person would.

Usage: scripts/memos-screenshots.py [OUTPUT_DIR]   (default docs/images; the app must be built: swift build)

It starts its own X server, a private sound server (a null sink) and the app with the simulated voice on a scratch
library, records a few memos by holding the mic, names them, plays one, deletes one, and saves: the empty state,
the list with a memo playing (light and dark) and Recently Deleted. Then, with the speech engine
(scripts/install-speech-engine.sh), a library of spoken memos (espeak-ng, imported by voicerec memos add) that the
app transcribes: a search finding a spoken word, and a transcript playing with its word marked.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from memos_driver import ROOT, App, Machine

APP = os.path.join(ROOT, ".build", "debug", "voice-memos")
VOICEREC = os.path.join(ROOT, ".build", "debug", "voicerec")
SPOKEN = [
    "Ideas for the talk: start with the story about the lighthouse keeper, then show the numbers, "
    "and end with the question from the audience.",
    "Pick up milk, eggs, bread and coffee on the way home.",
    "Remember to call the dentist on Monday morning about the appointment.",
]


def transcript_pictures(machine, output):
    """A library of spoken memos, transcribed by the app; a search for "dent" and a transcript being heard."""
    library = os.path.join(machine.scratch, "spoken")
    for index, sentence in enumerate(SPOKEN):
        wav = os.path.join(machine.scratch, f"spoken-{index}.wav")
        subprocess.run(["espeak-ng", "-s", "150", "-w", wav, sentence], check=True)
        subprocess.run([VOICEREC, "memos", "--data-dir", library, "add", wav], check=True, stdout=subprocess.DEVNULL)
    home = os.environ.get("VOICERECORDER_SPEECH_HOME") or os.path.expanduser("~/.local/share/voicerecorder/speech")
    app = App(machine, [], data_dir=library, environment={"VOICERECORDER_SPEECH_HOME": home})
    def transcribed():
        return sum(1 for e in list(app.events) if e.get("event") == "transcript" and e.get("state") == "done")

    app.wait_for("transcript", timeout=90, where=lambda e: transcribed() >= len(SPOKEN))
    # One memo named, the others untitled: an untitled one reads as its first words, a named one has them under
    # its title (SPEC E.3).
    talk = [e for e in app.events if e.get("event") == "transcript" and "talk" in e.get("text", "")][-1]["id"]
    since = app.count()
    app.rename(talk, "Talk outline")
    app.wait_for("row", since, where=lambda e: e.get("id") == talk and e.get("transcriptLine") is not None)
    app.xdotool("key", "Escape")
    app.picture(os.path.join(output, "memos-transcribed.png"))
    since = app.count()
    app.xdotool("key", "--delay", "60", "ctrl+f", "d", "e", "n", "t")
    app.wait_for("searchResults", since, where=lambda e: e.get("query") == "dent")
    app.picture(os.path.join(output, "memos-search-spoken.png"))
    app.xdotool("key", "Escape")
    time.sleep(0.5)  # the list settles after the search closes
    since = app.count()
    app.click(app.last_row(talk)["transcriptLine"])
    app.wait_for("transcriptView", since, where=lambda e: e.get("words", 0) > 0)
    window = app.xdotool("search", "--sync", "--onlyvisible", "--name", "^Transcript$").split()
    # A click on a word of the first line plays from it, as a person would start listening there.
    since = app.count()
    app.xdotool("mousemove", "--window", window[0], "120", "82", "click", "1")
    started = app.wait_for("playback", since, where=lambda e: e.get("state") == "playing")
    app.wait_for("playback", since, where=lambda e: e.get("state") == "position"
                 and e.get("position", 0) > started.get("position", 0) + 2.2)
    app.picture(os.path.join(output, "memos-transcript.png"), window=window[0])
    app.quit()
    for language in ("de", "ar"):
        translated_picture(machine, output, library, home, language)


def translated_picture(machine, output, library, home, language):
    """The transcribed library in German or Arabic (mirrored), from the catalogues the build made (SPEC J.5)."""
    catalogues = os.path.join(ROOT, ".build", "share", "locale")
    subprocess.run([os.path.join(ROOT, "scripts", "build-translations.sh"), catalogues], check=True)
    language_environment = {"LANGUAGE": language, "LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
    title = subprocess.run(["gettext", "-d", "voicerecorder", "Voice Memos"], capture_output=True, text=True, check=True,
                           env=dict(os.environ, TEXTDOMAINDIR=catalogues, **{k: v for k, v in language_environment.items() if v})
                           ).stdout
    app = App(machine, [], data_dir=library, window_title=title,
              environment=dict(language_environment, VOICERECORDER_SPEECH_HOME=home, VOICERECORDER_LOCALEDIR=catalogues))
    app.wait_for("row", where=lambda e: e.get("visible") and e.get("transcriptLine") is not None)
    time.sleep(0.5)  # the list settles
    app.picture(os.path.join(output, f"memos-{language}.png"))
    app.quit()


def main():
    output = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "images"))
    os.makedirs(output, exist_ok=True)
    if not os.path.exists(APP):
        raise SystemExit("memos-screenshots: build the app first (swift build)")
    scratch = tempfile.mkdtemp(prefix="memos-pictures-", dir="/tmp")
    machine = Machine(scratch)
    try:
        app = App(machine, [])
        app.picture(os.path.join(output, "memos-empty.png"))
        names = [(2.4, "Grocery list"), (1.6, ""), (3.2, "Idea for the talk"), (2.0, "Call back Sam")]
        ids = []
        for seconds, title in names:
            ids.append(app.record(seconds))
            if title:
                app.rename(ids[-1], title)
        since = app.count()
        app.click(app.last_row(ids[2])["play"])
        app.wait_for("playback", since, where=lambda e: e.get("state") == "position" and e.get("position", 0) > 1.2)
        app.picture(os.path.join(output, "memos-playing-light.png"))
        app.quit()

        app = App(machine, ["--dark"])
        # The row laid out where it stays: on screen, after the rest of the library came in.
        app.wait_for("row", where=lambda e: e.get("id") == ids[0] and e.get("visible"))
        time.sleep(0.5)
        since = app.count()
        app.click(app.last_row(ids[0])["play"])
        app.wait_for("playback", since, where=lambda e: e.get("state") == "position" and e.get("position", 0) > 0.8)
        app.picture(os.path.join(output, "memos-playing-dark.png"))
        app.click(app.last_row(ids[0])["play"])  # stops it; the focus stays in the row
        for memo_id in (ids[1], ids[3]):
            since = app.count()
            play = app.last_row(memo_id)["play"]
            app.click(play)
            app.click(play)
            app.xdotool("key", "Delete")
            app.wait_for("memoDeleted", since, where=lambda e, memo_id=memo_id: e.get("id") == memo_id)
        time.sleep(5.5)  # the undo toast goes
        since = app.count()
        view = [e for e in app.events if e.get("event") == "view"][-1]
        app.click(view["buttons"]["recentlyDeleted"])
        app.wait_for("view", since, where=lambda e: e.get("view") == "recentlyDeleted")
        app.picture(os.path.join(output, "memos-recently-deleted-dark.png"))
        app.quit()
        transcript_pictures(machine, output)
    finally:
        machine.stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
