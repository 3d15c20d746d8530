// A small chat window with the hold-to-record control, in JavaScript (GJS).
//
// Hold the mic to record, let go to send; slide left to throw the take away; slide up to record hands-free. Each
// sent take becomes a line with its duration and a Play button.
//
//   GI_TYPELIB_PATH=/usr/local/lib/girepository-1.0 gjs -m chat.js [--format opus] [--maximum-duration S]
//
// It prints a line per event on standard output (`sent PATH SECONDS FORMAT`, `cancelled`, `failed CODE MESSAGE`...).
import Gtk from 'gi://Gtk?version=4.0';
import VoiceRecorder from 'gi://VoiceRecorder?version=1.0';
import System from 'system';

function say(...words) {
    print(words.join(' '));
}

/** 0:02.3: minutes, seconds and tenths. */
function durationText(seconds) {
    const tenths = Math.round(seconds * 10);
    const secs = Math.floor(tenths / 10) % 60;
    return `${Math.floor(tenths / 600)}:${String(secs).padStart(2, '0')}.${tenths % 10}`;
}

/** The nickname of an enum value ("opus", "access-denied"), as the other clients print it. */
function nick(enumeration, value) {
    const name = Object.keys(enumeration).find(key => /^[A-Z_]+$/.test(key) && enumeration[key] === value);
    return name?.toLowerCase().replaceAll('_', '-') ?? '?';
}

function parse(args) {
    const options = {};
    for (let i = 0; i < args.length; i += 2) {
        if (!['--format', '--maximum-duration'].includes(args[i]) || i + 1 >= args.length) {
            printerr(`chat.js: unknown or incomplete option '${args[i]}'`);
            System.exit(2);
        }
        options[args[i].slice(2)] = args[i + 1];
    }
    return options;
}

function buildWindow(app, options) {
    const window = new Gtk.ApplicationWindow({application: app, title: 'Chat', default_width: 480,
        default_height: 560});
    const messages = new Gtk.ListBox({selection_mode: Gtk.SelectionMode.NONE, vexpand: true});
    messages.update_property([Gtk.AccessibleProperty.LABEL], ['Messages']);
    const scroller = new Gtk.ScrolledWindow({child: messages, vexpand: true});
    const players = [];

    const entry = new Gtk.Entry({placeholder_text: 'Message', hexpand: true});
    entry.update_property([Gtk.AccessibleProperty.LABEL], ['Message']);
    const control = new VoiceRecorder.Control({content: entry, margin_start: 16, margin_end: 16, margin_top: 8,
        margin_bottom: 18});
    if ('format' in options)
        control.format = options.format === 'opus' ? VoiceRecorder.Format.OPUS : VoiceRecorder.Format.AAC;
    if ('maximum-duration' in options)
        control.maximum_duration = Number(options['maximum-duration']);

    control.connect('started', () => say('started'));
    control.connect('cancelled', () => say('cancelled'));
    control.connect('notify::phase', () => say('phase', nick(VoiceRecorder.Phase, control.phase)));
    control.connect('microphone-warning', (_control, warning, source) =>
        say('warning', nick(VoiceRecorder.Warning, warning), source ?? '-'));
    control.connect('failed', (_control, error) => {
        const code = error instanceof VoiceRecorder.Error ? nick(VoiceRecorder.Error, error.code) : '?';
        say('failed', code, error.message);
    });
    control.connect('sent', (_control, take) => {
        say('sent', take.path, take.duration.toFixed(3), nick(VoiceRecorder.Format, take.format),
            (take.get_samples() ?? []).length);
        const row = new Gtk.Box({spacing: 12, margin_start: 12, margin_end: 12, margin_top: 6, margin_bottom: 6});
        row.append(new Gtk.Label({label: `Voice message, ${durationText(take.duration)}`, hexpand: true, xalign: 0}));
        const play = new Gtk.Button({icon_name: 'media-playback-start-symbolic', tooltip_text: 'Play'});
        const path = take.path;
        play.connect('clicked', () => {
            const player = Gtk.MediaFile.new_for_filename(path);
            players.push(player); // kept while it plays
            player.play();
            say('playing', path);
        });
        row.append(play);
        messages.append(row);
    });

    const column = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL});
    column.append(scroller);
    column.append(control);
    window.set_child(column);
    window.connect('map', () => say('ready'));
    entry.grab_focus();
    return window;
}

const options = parse(ARGV);
const app = new Gtk.Application({application_id: 'org.voicerecorder.ChatJavaScript'});
app.connect('activate', () => buildWindow(app, options).present());
app.run([System.programInvocationName]);
