import CGtk
import CVoiceRecorderGObject
import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

/// The Swift side of one `VoiceRecorderControl` (SPEC H.2): the package's own GTK widget and session, recording
/// from the sound server, with the GObject's properties applied to them and their events told back to it as
/// property notifications and signals. It lives on the GTK thread, as the widget and session do.
final class ControlBridge {
    /// The GObject (`VoiceRecorderControl *`), which owns this object and outlives it.
    private let control: OpaquePointer
    let recorder: VoiceRecorderWidget
    private var settings: ControlSettings
    private let writers: TakesInDirectory
    /// The name the sound server shows for the app's streams: the host app's own.
    private let applicationName: String
    private var observation: EventObservation<SessionEvent>?
    private var phase = Phase.idle

    init(control: OpaquePointer, content: UnsafeMutablePointer<GtkWidget>?, settings: ControlSettings) {
        self.control = control
        self.settings = settings
        applicationName = Self.hostApplicationName()
        writers = TakesInDirectory(directory: settings.outputDirectory)
        let session = Session(
            source: PulseAudioSource(device: settings.microphone, applicationName: applicationName), writers: writers,
            scheduler: GLibScheduler(), durations: settings.durations, preview: settings.preview,
            players: SoundServerTakePlayers(applicationName: applicationName, stretch: AudioFiles.stretch))
        session.format = settings.format
        recorder = VoiceRecorderWidget(content: content, session: session)
        // FFmpeg is opened on first use: for an AAC take, at the first touch on the mic (the hold lands 0.18 s later).
        FFmpegLibraries.loadAtFirstPress(of: session) { session.format == .aac }
        session.follow(PulseAudioMicrophones(applicationName: applicationName), recordingFrom: settings.microphone)
        observation = session.events.observe { [weak self] event in self?.handle(event) }
    }

    /// Applies the GObject's properties as they are now. A take under way keeps its format, folder, microphone,
    /// limits and preview (the session applies the last two when it ends).
    func configure(_ new: ControlSettings) {
        let session = recorder.session
        session.format = new.format
        writers.directory = new.outputDirectory
        if new.microphone != settings.microphone {
            session.chooseMicrophone(
                new.microphone, source: PulseAudioSource(device: new.microphone, applicationName: applicationName))
        }
        if new.durations != settings.durations || new.preview != settings.preview {
            session.reconfigure(durations: new.durations, preview: new.preview)
            recorder.followSessionConfiguration()
        }
        settings = new
    }

    /// The GObject is going away (its child, the widget, is already gone, which ended any take): hear no more.
    func release() {
        observation?.cancel()
        observation = nil
    }

    // MARK: - Events to signals

    private func handle(_ event: SessionEvent) {
        switch event {
        case .phase(let newPhase):
            let began = phase == .idle && newPhase.isRecording
            phase = newPhase
            vr_bridge_phase_changed(control, VoiceRecorderPhase(newPhase))
            if began { vr_bridge_emit_started(control) }
        case .sent(let recording, _):
            recording.samples.withUnsafeBufferPointer { samples in
                vr_bridge_emit_sent(
                    control, recording.url.path, recording.duration, VoiceRecorderFormat(fileOf: recording.url),
                    samples.baseAddress, gsize(samples.count))
            }
        case .cancelled:
            vr_bridge_emit_cancelled(control)
        case .failure(let failure):
            vr_bridge_emit_failed(control, VoiceRecorderError(failure.kind), failure.message)
        case .hint(.accessOff, _):
            reportAccessDenied()
        case .microphoneWarning(let warning, let source):
            vr_bridge_emit_microphone_warning(control, VoiceRecorderWarning(warning), source?.description)
        default:
            break
        }
    }

    /// The control showed "Microphone access is off": `failed` says why in words, from the sound server's own
    /// answer, asked off the GTK thread (a server that does not answer takes up to its timeout).
    private func reportAccessDenied() {
        let source = PulseAudioSource(device: settings.microphone, applicationName: applicationName)
        let scheduler = recorder.session.scheduler
        let report = WeakBox(self)
        Thread.detachNewThread {
            let message =
                switch source.probe() {
                case .failure(let error): "The microphone cannot be used: \(error.message)."
                case .success: "Microphone access was off when the take was asked for."
                }
            scheduler.post {
                guard let bridge = report.value else { return }
                vr_bridge_emit_failed(bridge.control, VOICE_RECORDER_ERROR_ACCESS_DENIED, message)
            }
        }
    }

    /// The host app's name (`g_set_application_name`, else its program name), as sound settings show its streams.
    private static func hostApplicationName() -> String {
        if let name = g_get_application_name() { return String(cString: name) }
        if let name = g_get_prgname() { return String(cString: name) }
        return "Voice Recorder"
    }
}

/// A weak reference that may cross to another thread and back: only read again on the thread it came from.
/// `@unchecked Sendable`: `value` is set and read on the GTK thread only; just the box crosses threads
private final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    // Unchecked: `value` is read and written on the GTK thread only; the box itself is what crosses.
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
