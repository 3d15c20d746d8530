// voicerecorder-demo: a chat-like window — sent voice messages above, a composer (a text entry wrapped by the
// hold-to-record control) below. One JSON line per event on stdout, so scripts can drive it.
//
//   voicerecorder-demo [--simulated] [--rtl] [--dark] [--text-scale X]
import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

/// The command line.
struct Options {
    var simulated = false
    var rightToLeft = false
    var dark = false
    var textScale: Double?

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--simulated": simulated = true
            case "--rtl": rightToLeft = true
            case "--dark": dark = true
            case "--text-scale": textScale = iterator.next().flatMap(Double.init)
            case "--help", "-h":
                print("usage: voicerecorder-demo [--simulated] [--rtl] [--dark] [--text-scale X]")
                exit(0)
            default:
                FileHandle.standardError.write(Data("voicerecorder-demo: unknown option \(argument)\n".utf8))
                exit(2)
            }
        }
    }
}

/// The composition root: builds the live dependencies and the window, and runs the GTK main loop.
/// Everything in it runs on the GTK thread (the scheduler's), hence `@unchecked Sendable`.
final class DemoApp: @unchecked Sendable {
    let options: Options
    let scheduler = GLibScheduler()
    var window: UnsafeMutablePointer<GtkWidget>!
    var recorder: VoiceRecorderWidget!
    var messages: MessageList!
    var isRunning = true

    init(options: Options) { self.options = options }

    /// The microphone when a capture source is reachable, else (or when asked) the simulated source.
    func makeSource() -> any AudioSource {
        if options.simulated { return SimulatedAudioSource(scheduler: scheduler) }
        let microphone = PulseAudioSource(applicationName: "Voice Recorder")
        switch microphone.probe() {
        case .success:
            return microphone
        case .failure(let error):
            FileHandle.standardError.write(Data(
                "voicerecorder-demo: no capture source reachable (\(error)); using the simulated source\n".utf8))
            return SimulatedAudioSource(scheduler: scheduler)
        }
    }

    func run() {
        ignoreFileSizeLimitSignal()
        gtk_init()
        messages = MessageList()
        if options.rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }

        window = gtk_window_new()
        gtk_window_set_title(cast(window), "Voice Recorder")
        gtk_window_set_default_size(cast(window), 420, 560)

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(column), messages.widget)

        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), "Message")
        let session = Session(source: makeSource(), writers: M4ATakeWriterFactory(), scheduler: scheduler)
        recorder = VoiceRecorderWidget(content: entry, session: session)
        if let scale = options.textScale { recorder.textScaleOverride = scale }
        if options.dark { recorder.darkOverride = true }
        recorder.onSend = { [weak self] recording in self?.messages.append(recording) }
        recorder.onEvent = { event in
            if let fields = EventPrinter.fields(for: event) { EventPrinter.print(fields) }
        }
        gtk_widget_set_margin_start(recorder.widget, 10)
        gtk_widget_set_margin_end(recorder.widget, 10)
        gtk_widget_set_margin_top(recorder.widget, 8)
        gtk_widget_set_margin_bottom(recorder.widget, 10)
        gtk_box_append(cast(column), recorder.widget)

        gtk_window_set_child(cast(window), column)
        Signals2.connectClicked(window, signal: "close-request") { [weak self] in self?.isRunning = false }
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(entry)
        announceReadyWhenLaidOut()

        while isRunning { g_main_context_iteration(nil, 1) }
        gtk_window_destroy(cast(window))
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// Prints `ready` with the mic's centre in window coordinates once the window is mapped and laid out.
    func announceReadyWhenLaidOut() {
        scheduler.schedule(after: 0.05) { [weak self] in
            do {
                guard let self else { return }
                guard gtk_widget_get_mapped(self.recorder.widget) != 0, gtk_widget_get_width(self.recorder.widget) > 0,
                      let center = self.recorder.micCenter(in: self.window)
                else { return self.announceReadyWhenLaidOut() }
                // Window (widget) coordinates are offset from the X window's by the surface transform (CSD margins).
                var dx = 0.0, dy = 0.0
                if let native = gtk_widget_get_native(self.window) { gtk_native_get_surface_transform(native, &dx, &dy) }
                EventPrinter.print(["event": "ready", "mic": ["x": center.x + dx, "y": center.y + dy],
                                    "direction": self.options.rightToLeft ? "rtl" : "ltr"])
            }
        }
    }
}

MainActor.assumeIsolated {
    DemoApp(options: Options(Array(CommandLine.arguments.dropFirst()))).run()
}
