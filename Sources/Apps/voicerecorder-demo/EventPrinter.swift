import Foundation
import VoiceRecorder
import VoiceRecorderCore

/// Prints one JSON object per line on stdout, flushed at once, so scripts and tests can follow the demo.
enum EventPrinter {
    /// Writes `fields` as one JSON line.
    static func print(_ fields: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        // FileHandle writes straight to the descriptor: nothing is held in a buffer.
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// The `playback` line for a playback change.
    static func fields(for change: MessageList.PlaybackChange) -> [String: Any] {
        switch change {
        case .playing(let duration): ["event": "playback", "state": "playing", "duration": duration]
        case .position(let seconds): ["event": "playback", "state": "position", "position": seconds]
        case .seeked(let seconds): ["event": "playback", "state": "seeked", "to": seconds]
        case .stopped: ["event": "playback", "state": "stopped"]
        case .ended(let position): ["event": "playback", "state": "ended", "position": position]
        case .failed(let message): ["event": "playback", "state": "failed", "message": message]
        }
    }

    /// The line for a session event, or nil for events scripts don't need.
    static func fields(for event: SessionEvent) -> [String: Any]? {
        switch event {
        case .phase(let phase):
            return ["event": "phase", "phase": phase.rawValue]
        case .feedback(let feedback):
            return ["event": "feedback", "kind": feedback.rawValue]
        case .hint(let kind, let text):
            return ["event": "hint", "hint": kind.rawValue, "text": text]
        case .sent(let recording, let atMaximum):
            return ["event": "sent", "url": recording.url.path, "duration": recording.duration,
                    "samples": recording.samples.count, "atMaximum": atMaximum]
        case .cancelled(let reason):
            return ["event": "cancelled", "reason": reason.rawValue]
        case .tooShort:
            return ["event": "tooShort"]
        case .failure(let message):
            return ["event": "failure", "message": message]
        case .hintHidden, .announce, .accessRequested, .missingMicrophoneUsageDeclaration, .pressed, .passThrough,
             .springHome:
            return nil
        }
    }
}
