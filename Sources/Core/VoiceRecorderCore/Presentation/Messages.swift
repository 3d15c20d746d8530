import Foundation

/// Every line of text the control shows or speaks (SPEC A.18). Each one can be replaced; the defaults are in the
/// person's language (`Localization`: gettext's `voicerecorder` catalogue on Linux, the app's `VoiceRecorder.strings`
/// table, keyed by the English, on Apple platforms), falling back to English.
public struct Messages: Sendable {
    /// The mic's label at rest: "Record voice message".
    public var record: String
    /// The tap hint, and the mic's hint without a screen reader: "Hold to record, release to send".
    public var holdToRecord: String
    /// Beside the chevron while a take is held: "Slide to cancel".
    public var slideToCancel: String
    /// The capsule's label, and what starting a take announces: "Recording".
    public var recording: String
    /// The mic's label while recording, and its action: "Send".
    public var send: String
    /// The trash button and the Delete action: "Delete".
    public var delete: String
    /// The access-off hint: "Microphone access is off".
    public var accessOff: String
    /// The hint while the take's source is muted on the server (SPEC F.2): "Microphone is muted".
    public var microphoneMuted = tr("Microphone is muted")
    /// The access-off hint's action: "Settings".
    public var settings: String
    /// The hint after an interruption or a failed start: "Recording stopped".
    public var stopped: String
    /// The mic's hint with a screen reader on: "Starts recording at once. Double tap Send when you are done."
    public var voiceOverHint: String
    /// Makes "<time> left" from a spoken time ("9 seconds" → "9 seconds left").
    public var remaining: @Sendable (String) -> String
    /// Speaks a whole number of seconds ("1 minute, 2 seconds"). English by default; replace it to localize.
    public var spokenDuration: @Sendable (Int) -> String

    // Pause and preview (SPEC D.7); set them on a `Messages` value to replace them.
    /// The pause bubble, hands-free: "Pause recording".
    public var pauseRecording = tr("Pause recording")
    /// The mic bubble, paused: "Resume recording".
    public var resumeRecording = tr("Resume recording")
    /// The play button, paused: "Play recording".
    public var playRecording = tr("Play recording")
    /// The play button while listening: "Pause".
    public var pausePlayback = tr("Pause")
    /// The waveform, an adjustable element whose value is the playhead's position: "Position".
    public var position = tr("Position")
    /// The kept range's start handle: "Start".
    public var trimStart = tr("Start")
    /// The kept range's end handle: "End".
    public var trimEnd = tr("End")

    /// The default messages; pass any line to replace it.
    public init(
        record: String = tr("Record voice message"),
        holdToRecord: String = tr("Hold to record, release to send"),
        slideToCancel: String = tr("Slide to cancel"),
        recording: String = tr("Recording"),
        send: String = tr("Send"),
        delete: String = tr("Delete"),
        accessOff: String = tr("Microphone access is off"),
        settings: String = tr("Settings"),
        stopped: String = tr("Recording stopped"),
        voiceOverHint: String = tr("Starts recording at once. Double tap Send when you are done."),
        remaining: @escaping @Sendable (String) -> String = Messages.defaultRemaining,
        spokenDuration: @escaping @Sendable (Int) -> String = ClockFormat.spoken(seconds:)
    ) {
        self.record = record
        self.holdToRecord = holdToRecord
        self.slideToCancel = slideToCancel
        self.recording = recording
        self.send = send
        self.delete = delete
        self.accessOff = accessOff
        self.settings = settings
        self.stopped = stopped
        self.voiceOverHint = voiceOverHint
        self.remaining = remaining
        self.spokenDuration = spokenDuration
    }

    /// The text of a hint bubble.
    public func hintText(for kind: HintKind) -> String {
        switch kind {
        case .hold: holdToRecord
        case .accessOff: accessOff
        case .stopped: stopped
        case .microphoneMuted: microphoneMuted
        }
    }

    /// The access-off hint as spoken, naming its action: "Microphone access is off, Settings".
    public var accessOffSpoken: String { "\(accessOff), \(settings)" }

    /// What a screen reader announces when a hint buds out (the access-off hint names its Settings action).
    public func hintAnnouncement(for kind: HintKind) -> String {
        kind == .accessOff ? accessOffSpoken : hintText(for: kind)
    }

    /// The default "<time> left".
    public static let defaultRemaining: @Sendable (String) -> String = { time in
        // Translators: what a screen reader says as a take nears its maximum; {time} is spoken ("9 seconds").
        tr("{time} left").filling(["time": time])
    }
}
