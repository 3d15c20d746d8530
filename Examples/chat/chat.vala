/* A small chat window with the hold-to-record control, in Vala.
 *
 * Hold the mic to record, let go to send; slide left to throw the take away; slide up to record hands-free. Each
 * sent take becomes a line with its duration and a Play button.
 *
 *   valac --pkg gtk4 --pkg voicerecorder-gtk-1 chat.vala -o chat-vala
 *   ./chat-vala [--format opus] [--maximum-duration S]
 *
 * It prints a line per event on standard output (`sent PATH SECONDS FORMAT`, `cancelled`, `failed CODE MESSAGE`...).
 */

string? format_option = null;
string? maximum_option = null;

void say (string line) {
    stdout.printf ("%s\n", line);
    stdout.flush ();
}

/* The nickname of an enum value ("opus", "access-denied"), as the other clients print it. */
string nick (Type type, int value) {
    var enum_class = (EnumClass) type.class_ref ();
    unowned EnumValue? found = enum_class.get_value (value);
    return found != null ? found.value_nick : "?";
}

/* 0:02.3: minutes, seconds and tenths. */
string duration_text (double seconds) {
    var tenths = (long) (seconds * 10 + 0.5);
    return "%ld:%02ld.%ld".printf (tenths / 600, tenths / 10 % 60, tenths % 10);
}

Gtk.Widget message_row (VoiceRecorder.Take take, GenericArray<Gtk.MediaStream> players) {
    var row = new Gtk.Box (Gtk.Orientation.HORIZONTAL, 12) {
        margin_start = 12, margin_end = 12, margin_top = 6, margin_bottom = 6
    };
    row.append (new Gtk.Label ("Voice message, " + duration_text (take.duration)) { hexpand = true, xalign = 0 });
    var play = new Gtk.Button.from_icon_name ("media-playback-start-symbolic") { tooltip_text = "Play" };
    var path = take.path;
    play.clicked.connect (() => {
        var player = Gtk.MediaFile.for_filename (path);
        players.add (player); // kept while it plays
        player.play ();
        say ("playing " + path);
    });
    row.append (play);
    return row;
}

void build_window (Gtk.Application app) {
    var window = new Gtk.ApplicationWindow (app) { title = "Chat", default_width = 480, default_height = 560 };
    var messages = new Gtk.ListBox () { selection_mode = Gtk.SelectionMode.NONE, vexpand = true };
    messages.update_property (Gtk.AccessibleProperty.LABEL, "Messages", -1);
    var scroller = new Gtk.ScrolledWindow () { child = messages, vexpand = true };
    var players = new GenericArray<Gtk.MediaStream> ();

    var entry = new Gtk.Entry () { placeholder_text = "Message", hexpand = true };
    entry.update_property (Gtk.AccessibleProperty.LABEL, "Message", -1);
    var control = new VoiceRecorder.Control (entry) {
        margin_start = 16, margin_end = 16, margin_top = 8, margin_bottom = 18
    };
    if (format_option != null)
        control.format = format_option == "opus" ? VoiceRecorder.Format.OPUS : VoiceRecorder.Format.AAC;
    if (maximum_option != null)
        control.maximum_duration = double.parse (maximum_option);

    control.started.connect (() => say ("started"));
    control.cancelled.connect (() => say ("cancelled"));
    control.notify["phase"].connect (() => say ("phase " + nick (typeof (VoiceRecorder.Phase), control.phase)));
    control.microphone_warning.connect ((warning, source) => {
        say ("warning %s %s".printf (nick (typeof (VoiceRecorder.Warning), warning), source ?? "-"));
    });
    control.failed.connect ((error) => {
        var codes = Type.from_name ("VoiceRecorderError");
        var code = error.domain == VoiceRecorder.Error.quark () ? nick (codes, error.code) : "?";
        say ("failed %s %s".printf (code, error.message));
    });
    control.sent.connect ((take) => {
        unowned double[]? samples = take.get_samples ();
        say ("sent %s %.3f %s %d".printf (take.path, take.duration, nick (typeof (VoiceRecorder.Format), take.format),
                                          samples != null ? samples.length : 0));
        messages.append (message_row (take, players));
    });

    var column = new Gtk.Box (Gtk.Orientation.VERTICAL, 0);
    column.append (scroller);
    column.append (control);
    window.child = column;
    window.map.connect (() => say ("ready"));
    entry.grab_focus ();
    window.present ();
}

int main (string[] args) {
    for (var i = 1; i < args.length; i += 2) {
        if (i + 1 < args.length && args[i] == "--format") {
            format_option = args[i + 1];
        } else if (i + 1 < args.length && args[i] == "--maximum-duration") {
            maximum_option = args[i + 1];
        } else {
            stderr.printf ("chat-vala: unknown or incomplete option '%s'\n", args[i]);
            return 2;
        }
    }
    var app = new Gtk.Application ("org.voicerecorder.ChatVala", ApplicationFlags.FLAGS_NONE);
    app.activate.connect (() => build_window (app));
    return app.run ({ args[0] });
}
