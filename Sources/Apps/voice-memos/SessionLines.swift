import VoiceRecorder
import VoiceRecorderJSON

/// The hold-to-record control's event lines: the package's one session event mapping (the lines `voicerec
/// simulate` and the demo print), for the events scripts follow.
enum SessionLines {
    private static let followed: Set<String> = [
        "phase", "hint", "sent", "cancelled", "tooShort", "failure", "microphoneWarning",
    ]

    /// The line for `event`, or nil for events scripts don't need (feedback, announcements, presses…).
    static func line(for event: SessionEvent) -> JSONValue? {
        guard let name = event.jsonName, followed.contains(name) else { return nil }
        return event.json(.init(url: true, samples: .count))
    }
}
