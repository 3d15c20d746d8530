// voicerecorder-demo: a chat-like window — sent voice messages above, a composer (a text entry wrapped by the
// hold-to-record control) below. One JSON line per event on stdout, so scripts can drive it.
//
//   voicerecorder-demo [--simulated] [--access granted|denied] [--rtl] [--dark] [--text-scale X] [--width PX] [--preview]
import ArgumentParsing
import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderJSON
import VoiceRecorderPulseAudio

/// The command line, declared (its help is made from the declarations).
struct Options: Sendable {
    var simulated = false
    var accessDenied = false
    var rightToLeft = false
    var dark = false
    var textScale: Double?
    var width = 420
    var preview = false

    /// A text scale or a width: a number above 0.
    private static let aboveZero = ArgumentValue<Double>(
        placeholder: "X", expected: "a number above 0", describe: { _ in nil }
    ) { text in Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }

    static let command = Command(
        "voicerecorder-demo", abstract: "a chat window around the hold-to-record control",
        discussion: """
            A chat window: sent voice messages above (play, stop, and press or drag on a waveform to seek), a message
            entry wrapped by the hold-to-record control below. Hold the mic to record and let go to send; slide toward
            the leading edge to discard; slide up to lock hands-free. With the mic focused (Tab), hold Space to record;
            Return starts a hands-free take, and sends it; Escape deletes it.
            """,
        defaults: Options(),
        options: [
            .flag(
                "--simulated", \.simulated,
                help: """
                    record the simulated voice instead of the microphone (the microphone falls back to it, saying so on \
                    standard error, when no capture source is reachable)
                    """),
            .value(
                "--access", \.accessDenied, .choice([(word: "granted", value: false), (word: "denied", value: true)]),
                help: """
                    use the source as it is, or one whose access is refused: pressing the mic then shows \
                    "Microphone access is off" with its Settings action
                    """),
            .flag("--rtl", \.rightToLeft, help: "lay the window out right to left"),
            .flag("--dark", \.dark, help: "use the dark appearance: the whole window and the control"),
            .value(
                "--text-scale", \.textScale, aboveZero,
                help: "draw the control at text scale X (1 to 1.4 grows it; default: the desktop's)"),
            .value(
                "--width", \.width, .integer("PX", atLeast: 1),
                help: "open the window PX pixels wide (the control's reaches follow its width)"),
            .flag(
                "--preview", \.preview,
                help: """
                    turn on pause and preview: a locked take pauses from the bubble above the send button, to be \
                    listened to, trimmed at both ends with the handles, resumed or sent (paused: Space plays)
                    """),
        ],
        footer: """
            Keys:
              Ctrl+D    toggle the control's sensitivity (an insensitive control cancels its take)

            Standard output: one JSON object per line, so scripts can drive the window: first "ready" (the mic's
            centre in window coordinates, "mic": {"x", "y"}, and the control's allocated size, "control": {"width",
            "side", "grow"}: its width and height in pixels and how much it grew with the text), then "control" (the
            same "mic" and "control" again, each time the control's size changes), "phase", "feedback", "hint", "sent"
            ("url", "duration", "samples": their count, "atMaximum"), "cancelled" ("reason"), "tooShort", "failure",
            "sensitive" (after Ctrl+D), "settings" ("opened": the command launched, or null with "reason"), "window"
            ("minimized" and "mapped", as either changes), "message" (a sent message's bubble once shown: "index",
            "play": {"x", "y"} its play button's centre, "waveform": {"x", "y", "width", "height"}, in window
            coordinates), with --preview "listening" ("listening": true or false) and "preview" (after each "phase"
            line for "locked" or "paused" and each "listening" line: "bubble", "play", "startHandle", "endHandle"
            {"x", "y"} and "waveform" {"x", "y", "width", "height"} in window coordinates, null when not shown;
            "length", "kept" {"start", "end"}, "playhead" in seconds and "listening") and "playback" ("state": "playing" with "duration", "position" with "position" several
            times a second, "seeked" with "to", "stopped", "ended" with "position", or "failed" with "message").
            Playback goes to the sound server PulseAudio clients use (PULSE_SERVER); without one, playing fails on
            the message and on a "failed" line.
            """)

    /// The options of this process's command line; help or a usage error ends the process here.
    static func fromCommandLine() -> Options { command.valuesOrExit() }
}

/// The composition root: builds the live dependencies and the window, and runs the GTK main loop.
/// Everything in it runs on the GTK thread (the scheduler's), hence `@unchecked Sendable`.
final class DemoApp: @unchecked Sendable {
    let options: Options
    let scheduler = GLibScheduler()
    var window: UnsafeMutablePointer<GtkWidget>!
    var recorder: VoiceRecorderWidget!
    var messages: MessageList!
    /// The main menu's "Recording format" (SPEC G).
    var recordingFormat: RecordingFormatMenu?
    var isRunning = true

    /// The application's name, as screen readers read it.
    static let applicationName = "Voice Recorder Demo"

    init(options: Options) { self.options = options }

    /// The microphone when a capture source is reachable, else (or when asked) the simulated source.
    func makeSource() -> any AudioSource {
        if options.accessDenied { return RefusedAudioSource() }
        if options.simulated { return SimulatedAudioSource(scheduler: scheduler) }
        let microphone = PulseAudioSource(applicationName: "Voice Recorder")
        switch microphone.probe() {
        case .success:
            return microphone
        case .failure(let error):
            FileHandle.standardError.write(
                Data(
                    "voicerecorder-demo: no capture source reachable (\(error)); using the simulated source\n".utf8))
            return SimulatedAudioSource(scheduler: scheduler)
        }
    }

    func run() {
        ignoreFileSizeLimitSignal()
        // Screen readers name the application after the program's name (GTK 4.8's AT-SPI root; its description is
        // the application name): without one, the app is read as "Unnamed". Both are the name in words.
        g_set_prgname(Self.applicationName)
        g_set_application_name(Self.applicationName)
        gtk_init()
        DemoStyle.install()
        messages = MessageList()
        messages.onPlayback = { change in EventPrinter.print(EventPrinter.line(for: change)) }
        messages.onRowShown = { [weak self] row in self?.announce(row) }
        if options.rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        if options.dark, let settings = gtk_settings_get_default() {
            // The whole window goes dark (the theme's dark variant), not only the control.
            GValues.setBool(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", true)
        }

        window = gtk_window_new()
        gtk_window_set_title(cast(window), "Voice Recorder")
        gtk_window_set_default_size(cast(window), Int32(options.width), 560)

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(column), messages.widget)

        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), "Message")
        // The placeholder is not the field's accessible name: unnamed, the field is read as "GtkEntry".
        GValues.setAccessibleLabel(entry, "Message")
        // FFmpeg is opened on first use; opened now, off this thread, the first take does not wait for it.
        FFmpegLibraries.loadInBackground()
        // Listening to a paused take plays its file so far through the sound server, as the messages play.
        let session = Session(
            source: makeSource(), writers: TakeWriters(), scheduler: scheduler, preview: options.preview,
            players: SoundServerTakePlayers(applicationName: "Voice Recorder", stretch: AudioFiles.stretch))
        recorder = VoiceRecorderWidget(content: entry, session: session)
        if let scale = options.textScale { recorder.textScaleOverride = scale }
        if options.dark { recorder.darkOverride = true }
        session.events.observe { [weak self] event in
            if let line = EventPrinter.line(for: event) { EventPrinter.print(line) }
            switch event {
            case .sent(let recording, _): self?.messages.append(recording)
            case .phase(.paused), .phase(.locked), .listening: self?.printPreviewGeometry()
            default: break
            }
        }
        recorder.onSettingsOpened = { outcome in
            switch outcome {
            case .opened(let command): EventPrinter.print(["event": "settings", "opened": .string(command)])
            case .unavailable(_, let reason):
                EventPrinter.print(["event": "settings", "opened": nil, "reason": .string(reason)])
            }
        }
        // Room around the control inside the window: the swollen mic and the glass's soft shadow spill past the
        // control's row, and the window's edge would cut them off.
        gtk_widget_set_margin_start(recorder.widget, 16)
        gtk_widget_set_margin_end(recorder.widget, 16)
        gtk_widget_set_margin_top(recorder.widget, 8)
        gtk_widget_set_margin_bottom(recorder.widget, 18)
        gtk_box_append(cast(column), recorder.widget)

        gtk_window_set_child(cast(window), column)
        gtk_window_set_titlebar(cast(window), makeHeaderBar())
        Signals.connectCloseRequest(UnsafeMutableRawPointer(window)) { [weak self] in
            self?.isRunning = false
        }
        connectShortcuts()
        gtk_window_present(cast(window))
        watchMinimized()
        gtk_widget_grab_focus(entry)
        announceReadyWhenLaidOut()

        while isRunning { g_main_context_iteration(nil, 1) }
        gtk_window_destroy(cast(window))
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// The header bar: the title and the main menu, whose "Recording format" (SPEC G) is remembered in
    /// `$XDG_CONFIG_HOME/voicerecorder/demo.json`.
    private func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
        let menu = RecordingFormatMenu(
            recorder: recorder, setting: RecordingFormatSetting(url: RecordingFormatSetting.url(named: "demo.json"))
        ) { format in EventPrinter.print(["event": "recordingFormat", "format": .string(format.rawValue)]) }
        menu.install(on: window)
        recordingFormat = menu
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        gtk_menu_button_set_primary(cast(button), 1)
        gtk_widget_set_tooltip_text(button, "Main Menu")
        GValues.setAccessibleLabel(button, "Main menu")
        gtk_menu_button_set_menu_model(cast(button), UnsafeMutablePointer(menu.section))
        let header = gtk_header_bar_new()!
        gtk_header_bar_pack_end(cast(header), button)
        return header
    }

    /// Ctrl+D toggles the control's sensitivity (what an app does while, say, a message is being sent).
    func connectShortcuts() {
        let keys = gtk_event_controller_key_new()!
        // Capture phase: the entry would otherwise see Ctrl+D first.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            guard let self, [GDK_KEY_d, GDK_KEY_D].contains(Int32(bitPattern: keyval)),
                state.rawValue & GDK_CONTROL_MASK.rawValue != 0
            else { return false }
            let sensitive = gtk_widget_get_sensitive(self.recorder.widget) == 0
            // The focus leaves the control first: a text field made insensitive while focused never hears it go.
            if !sensitive, let root = gtk_widget_get_root(self.window), let focus = gtk_root_get_focus(root),
                focus == self.recorder.widget || gtk_widget_is_ancestor(focus, self.recorder.widget) != 0
            {
                gtk_root_set_focus(root, nil)
            }
            gtk_widget_set_sensitive(self.recorder.widget, sensitive ? 1 : 0)
            EventPrinter.print(["event": "sensitive", "sensitive": .bool(sensitive)])
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Prints a `window` line each time the window is minimised or restored (the toplevel surface's state), or
    /// leaves or comes back to the screen (the surface's mapping), so scripts know when it can be clicked again.
    func watchMinimized() {
        guard let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native) else { return }
        var last = (minimized: false, mapped: gdk_surface_get_mapped(surface) != 0)
        let report = {
            let now = (
                minimized: gdk_toplevel_get_state(surface).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0,
                mapped: gdk_surface_get_mapped(surface) != 0
            )
            guard now != last else { return }
            last = now
            EventPrinter.print(["event": "window", "minimized": .bool(now.minimized), "mapped": .bool(now.mapped)])
        }
        Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "state", report)
        Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "mapped", report)
    }

    /// `point` in `widget`'s coordinates as X window coordinates (window coordinates moved by the surface
    /// transform, the client-side decoration's margin), or nil when not laid out.
    func windowPoint(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> (x: Double, y: Double)? {
        var point = graphene_point_t(x: Float(x), y: Float(y))
        var out = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &point, &out) != 0 else { return nil }
        var dx = 0.0
        var dy = 0.0
        if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
        return (Double(out.x) + dx, Double(out.y) + dy)
    }

    /// Prints a `message` line for a newly shown bubble: where its play button and its waveform are.
    func announce(_ row: VoiceMessageRow) {
        let button = row.playButton
        let wave = row.wave
        guard
            let play = windowPoint(
                button, x: Double(gtk_widget_get_width(button)) / 2,
                y: Double(gtk_widget_get_height(button)) / 2),
            let waveOrigin = windowPoint(wave, x: 0, y: 0)
        else { return }
        EventPrinter.print([
            "event": "message", "index": .integer(messages.count - 1),
            "play": ["x": .number(play.x), "y": .number(play.y)],
            "waveform": [
                "x": .number(waveOrigin.x), "y": .number(waveOrigin.y),
                "width": .number(Double(gtk_widget_get_width(wave))),
                "height": .number(Double(gtk_widget_get_height(wave))),
            ],
        ])
    }

    /// The mic's centre in X window coordinates (window coordinates moved by the surface transform, the
    /// client-side decoration's margin) and the control's size, as the `ready` and `control` lines give them; nil
    /// while the control is not laid out.
    func geometryFields() -> [(String, JSONValue)]? {
        guard let center = recorder.micCenter(in: window) else { return nil }
        var dx = 0.0
        var dy = 0.0
        if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
        return [
            ("mic", ["x": .number(center.x + dx), "y": .number(center.y + dy)]),
            (
                "control",
                [
                    "width": .number(recorder.allocatedWidth), "side": .number(recorder.side),
                    "grow": .number(recorder.textScale.grow),
                ]
            ),
        ]
    }

    /// Prints a `control` line once the control's new size is laid out (after the allocation that changed it).
    func announceGeometryWhenLaidOut() {
        GLibScheduler.invoke { [weak self] in
            guard let self, let fields = geometryFields() else { return }
            EventPrinter.print(.object([("event", "control")] + fields))
        }
    }

    /// Prints `ready` with the mic's centre and the control's size once the window is mapped and laid out; from
    /// then on a `control` line follows each change of the control's size.
    func announceReadyWhenLaidOut() {
        scheduler.schedule(after: 0.05) { [weak self] in
            guard let self else { return }
            guard gtk_widget_get_mapped(recorder.widget) != 0, gtk_widget_get_width(recorder.widget) > 0,
                let fields = geometryFields()
            else { return announceReadyWhenLaidOut() }
            let direction: JSONValue = options.rightToLeft ? "rtl" : "ltr"
            EventPrinter.print(
                .object(
                    [("event", "ready")] + fields
                        + [("direction", direction), ("recordingFormat", .string(recorder.format.rawValue))]))
            recorder.onGeometryChanged = { [weak self] in self?.announceGeometryWhenLaidOut() }
        }
    }
}

MainActor.assumeIsolated {
    // Held for the whole run: its callbacks refer to it weakly.
    let app = DemoApp(options: Options.fromCommandLine())
    withExtendedLifetime(app) { app.run() }
}
