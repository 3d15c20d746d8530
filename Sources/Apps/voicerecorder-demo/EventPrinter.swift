import VoiceRecorder
import VoiceRecorderJSON

/// Prints one JSON object per line on stdout, flushed at once, so scripts and tests can follow the demo. Session
/// events use the package's one mapping (the same lines as `voicerec simulate`, with the file's url and the
/// waveform's size); the demo's own lines (ready, control, message, playback, …) are built where they happen.
enum EventPrinter {
    /// Writes `line` as one JSON line.
    static func print(_ line: JSONValue) { JSONLineWriter.standardOutput.write(line) }

    /// The `playback` line for a playback change.
    static func line(for change: MessageList.PlaybackChange) -> JSONValue {
        switch change {
        case .playing(let duration): ["event": "playback", "state": "playing", "duration": .number(duration)]
        case .position(let seconds): ["event": "playback", "state": "position", "position": .number(seconds)]
        case .seeked(let seconds): ["event": "playback", "state": "seeked", "to": .number(seconds)]
        case .stopped: ["event": "playback", "state": "stopped"]
        case .ended(let position): ["event": "playback", "state": "ended", "position": .number(position)]
        case .failed(let message): ["event": "playback", "state": "failed", "message": .string(message)]
        }
    }

    /// The events scripts follow; the rest (announcements, presses, …) would only be noise for them.
    private static let followed: Set<String> = [
        "phase", "feedback", "hint", "sent", "cancelled", "tooShort", "failure", "listening", "microphoneWarning",
    ]

    /// The line for a session event, or nil for events scripts don't need.
    static func line(for event: SessionEvent) -> JSONValue? {
        guard let name = event.jsonName, followed.contains(name) else { return nil }
        return event.json(.init(url: true, samples: .count))
    }
}
