#!/usr/bin/python3
"""One window of the library benchmark (SPEC H.4): a PyGObject GTK window with a message entry and either the
hold-to-record control (`control`) or a plain button (`button`) beside it. Prints the monotonic time of its first
frame, then stays up until it is killed.

    library_window.py control|button
"""
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gtk  # noqa: E402

kind = sys.argv[1]


def first_frame(clock):
    print(f"first-frame {time.monotonic():.6f}", flush=True)
    clock.disconnect(handler[0])


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Chat", default_width=480, default_height=560)
    entry = Gtk.Entry(placeholder_text="Message", hexpand=True)
    if kind == "control":
        gi.require_version("VoiceRecorder", "1.0")
        from gi.repository import VoiceRecorder
        bottom = VoiceRecorder.Control(content=entry)
    else:
        bottom = Gtk.Box(spacing=12)
        bottom.append(entry)
        bottom.append(Gtk.Button(icon_name="audio-input-microphone-symbolic"))
    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    column.append(Gtk.ScrolledWindow(child=Gtk.ListBox(), vexpand=True))
    column.append(bottom)
    window.set_child(column)
    window.present()
    clock = window.get_frame_clock()
    handler.append(clock.connect("after-paint", first_frame))


handler = []
application = Gtk.Application(application_id=f"org.voicerecorder.Benchmark{kind.title()}")
application.connect("activate", activate)
application.run([sys.argv[0]])
