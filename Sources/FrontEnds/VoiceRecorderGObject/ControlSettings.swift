import CVoiceRecorderGObject
import Foundation
import VoiceRecorder

/// A control's properties as the Swift side uses them, read from the C struct the GObject hands over.
struct ControlSettings: Equatable {
    var preview: Bool
    var format: TakeFormat
    var durations: Durations
    /// The source's name on the sound server; nil for its default.
    var microphone: String?
    var outputDirectory: URL

    init(_ settings: UnsafePointer<VoiceRecorderSettings>) {
        let settings = settings.pointee
        preview = settings.preview != 0
        format = settings.format == VOICE_RECORDER_FORMAT_OPUS ? .opus : .aac
        durations = Durations(minimum: settings.minimum_duration, maximum: settings.maximum_duration)
        microphone = settings.microphone.map { String(cString: $0) }
        outputDirectory = URL(
            fileURLWithPath: settings.output_directory.map { String(cString: $0) } ?? NSTemporaryDirectory(),
            isDirectory: true)
    }
}

extension VoiceRecorderPhase {
    /// The C enum's value for a session's phase.
    init(_ phase: Phase) {
        self =
            switch phase {
            case .idle: VOICE_RECORDER_PHASE_IDLE
            case .holding: VOICE_RECORDER_PHASE_HOLDING
            case .locked: VOICE_RECORDER_PHASE_LOCKED
            case .stopped: VOICE_RECORDER_PHASE_STOPPED
            case .paused: VOICE_RECORDER_PHASE_PAUSED
            }
    }
}

extension VoiceRecorderWarning {
    /// The C enum's value for a take's microphone warning.
    init(_ warning: MicrophoneWarning) {
        self =
            switch warning {
            case .none: VOICE_RECORDER_WARNING_NONE
            case .muted: VOICE_RECORDER_WARNING_MUTED
            case .silent: VOICE_RECORDER_WARNING_SILENT
            }
    }
}

extension VoiceRecorderError {
    /// The error code of a session's failure (SPEC H.2).
    init(_ kind: SessionFailure.Kind) {
        self =
            switch kind {
            // A microphone that sent nothing is, to an app, one that did not start.
            case .microphone, .noSound: VOICE_RECORDER_ERROR_NO_MICROPHONE
            case .diskFull: VOICE_RECORDER_ERROR_DISK_FULL
            case .file: VOICE_RECORDER_ERROR_FILE
            case .playback, .other: VOICE_RECORDER_ERROR_FAILED
            }
    }
}

extension VoiceRecorderFormat {
    /// The C enum's value for the format of a take's file, told by its name.
    init(fileOf url: URL) {
        self =
            url.pathExtension == TakeFormat.opus.fileExtension ? VOICE_RECORDER_FORMAT_OPUS : VOICE_RECORDER_FORMAT_AAC
    }
}
