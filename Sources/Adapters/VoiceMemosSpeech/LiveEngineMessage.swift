import Foundation
import VoiceMemos

/// One line the speech engine writes in its live mode (speech-engine/live_engine.py documents the protocol).
enum LiveEngineMessage: Equatable {
    /// The model is loaded (the audio was read all along).
    case ready
    /// The engine can't run on this machine: why, in its words.
    case unavailable(String)
    /// Words settled, or the tentative words past them.
    case update(LiveTranscriptUpdate)
    /// Every word heard is settled; the engine exits.
    case end

    /// The message on `line`, or nil when the line is not one the protocol has.
    init?(line: String) {
        guard let (event, object) = EngineMessage.event(in: line) else { return nil }
        switch event {
        case "ready":
            self = .ready
        case "unavailable":
            guard let reason = object["reason"] as? String else { return nil }
            self = .unavailable(reason)
        case "tentative":
            guard let text = object["text"] as? String else { return nil }
            self = .update(.tentative(text))
        case "phrase":
            guard let text = object["text"] as? String, let start = EngineMessage.number(object["start"]),
                let end = EngineMessage.number(object["end"])
            else { return nil }
            self = .update(.phrase(LivePhrase(text: text, start: start, end: end)))
        case "end":
            self = .end
        default:
            return nil
        }
    }

}
