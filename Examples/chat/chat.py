#!/usr/bin/python3
"""A small chat window with the hold-to-record control, in Python (PyGObject).

Hold the mic to record, let go to send; slide left to throw the take away; slide up to record hands-free. Each
sent take becomes a line with its duration and a Play button.

    GI_TYPELIB_PATH=/usr/local/lib/girepository-1.0 /usr/bin/python3 chat.py [--format opus] [--maximum-duration S]

It prints a line per event on standard output (`sent PATH SECONDS FORMAT`, `cancelled`, `failed CODE MESSAGE`...).
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("VoiceRecorder", "1.0")
from gi.repository import Gtk, VoiceRecorder  # noqa: E402


def say(*words):
    print(*words, flush=True)


def duration_text(seconds):
    """0:02.3: minutes, seconds and tenths."""
    tenths = int(round(seconds * 10))
    return f"{tenths // 600}:{tenths // 10 % 60:02d}.{tenths % 10}"


class ChatWindow(Gtk.ApplicationWindow):
    def __init__(self, app, options):
        super().__init__(application=app, title="Chat", default_width=480, default_height=560)
        self.players = []
        self.messages = Gtk.ListBox(selection_mode=Gtk.SelectionMode.NONE, vexpand=True)
        self.messages.update_property([Gtk.AccessibleProperty.LABEL], ["Messages"])
        scroller = Gtk.ScrolledWindow(child=self.messages, vexpand=True)

        entry = Gtk.Entry(placeholder_text="Message", hexpand=True)
        entry.update_property([Gtk.AccessibleProperty.LABEL], ["Message"])
        self.control = VoiceRecorder.Control(content=entry, margin_start=16, margin_end=16, margin_top=8,
                                             margin_bottom=18)
        if "format" in options:
            self.control.props.format = VoiceRecorder.Format.OPUS if options["format"] == "opus" \
                else VoiceRecorder.Format.AAC
        if "maximum-duration" in options:
            self.control.props.maximum_duration = float(options["maximum-duration"])
        self.control.connect("started", lambda _: say("started"))
        self.control.connect("sent", self.on_sent)
        self.control.connect("cancelled", lambda _: say("cancelled"))
        self.control.connect("failed", self.on_failed)
        self.control.connect("microphone-warning",
                             lambda _, warning, source: say("warning", warning.value_nick, source or "-"))
        self.control.connect("notify::phase", lambda control, _: say("phase", control.props.phase.value_nick))

        column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        column.append(scroller)
        column.append(self.control)
        self.set_child(column)
        entry.grab_focus()
        self.connect("map", lambda _: say("ready"))

    def on_sent(self, _control, take):
        say("sent", take.props.path, f"{take.props.duration:.3f}", take.props.format.value_nick,
            len(take.get_samples() or []))
        row = Gtk.Box(spacing=12, margin_start=12, margin_end=12, margin_top=6, margin_bottom=6)
        row.append(Gtk.Label(label=f"Voice message, {duration_text(take.props.duration)}", hexpand=True, xalign=0))
        play = Gtk.Button(icon_name="media-playback-start-symbolic", tooltip_text="Play")
        play.connect("clicked", self.on_play, take.props.path)
        row.append(play)
        self.messages.append(row)

    def on_failed(self, _control, error):
        code = VoiceRecorder.Error(error.code).value_nick if error.domain == "voice-recorder-error-quark" \
            else str(error.code)
        say("failed", code, error.message)

    def on_play(self, _button, path):
        player = Gtk.MediaFile.new_for_filename(path)
        self.players.append(player)  # kept while it plays
        player.play()
        say("playing", path)


def parse(arguments):
    """--format aac|opus and --maximum-duration SECONDS."""
    options = {}
    while arguments:
        name = arguments.pop(0)
        if name not in ("--format", "--maximum-duration") or not arguments:
            sys.exit(f"chat.py: unknown or incomplete option {name!r}")
        options[name[2:]] = arguments.pop(0)
    return options


def main():
    options = parse(sys.argv[1:])
    app = Gtk.Application(application_id="org.voicerecorder.ChatPython")
    app.connect("activate", lambda app: ChatWindow(app, options).present())
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
