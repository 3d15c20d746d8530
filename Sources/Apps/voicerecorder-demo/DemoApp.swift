import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

/// The composition root: builds the live dependencies and the window, and runs the GTK main loop.
/// Everything in it runs on the GTK thread (the scheduler's), hence `@unchecked Sendable`.
/// `@unchecked Sendable`: everything in it runs on the GTK thread (the scheduler's)
final class DemoApp: @unchecked Sendable {
    let options: Options
    let scheduler = GLibScheduler()
    var window: UnsafeMutablePointer<GtkWidget>!
    var recorder: VoiceRecorderWidget!
    /// The main menu's "Recording format" (SPEC G).
    var recordingFormat: RecordingFormatMenu?
    /// The main menu's "Microphone" and the banner of a take's microphone warnings (SPEC F; `+Microphone`).
    var microphoneMenu: MicrophoneMenu?
    var microphoneBanner: MicrophoneBanner?
    /// The main menu's button (the banner's Choose Microphone… opens it).
    var menuButton: UnsafeMutablePointer<GtkWidget>?
    var messages: MessageList!
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
        // Listening to a paused take plays its file so far through the sound server, as the messages play.
        let source = makeSource()
        let session = Session(
            source: source, writers: TakeWriters(), scheduler: scheduler, preview: options.preview,
            players: SoundServerTakePlayers(applicationName: "Voice Recorder", stretch: AudioFiles.stretch))
        recorder = VoiceRecorderWidget(content: entry, session: session)
        // FFmpeg is opened on first use: for an AAC take, at the first touch on the mic (the hold lands 0.18 s later).
        FFmpegLibraries.loadAtFirstPress(of: session) { session.format == .aac }
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
        if let banner = setUpMicrophone(session: session, source: source) { gtk_box_prepend(cast(column), banner) }

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
}
