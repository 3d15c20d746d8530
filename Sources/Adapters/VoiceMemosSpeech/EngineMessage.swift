import Foundation
import VoiceMemos

/// One line the speech engine writes on its stdout (speech-engine/voicerec_speech.py documents the protocol).
enum EngineMessage: Equatable {
    /// The model is loaded; requests are read from now on.
    case ready
    /// The engine can't run on this machine (no model, a damaged one, packages missing): why, in its words.
    case unavailable(String)
    /// How far the current job is, 0…1.
    case progress(Double)
    /// The current job's transcript.
    case done(Transcript)
    /// The current job could not be done: why.
    case failed(String)
    /// The engine could not read the request.
    case error(String)

    /// The message on `line`, or nil when the line is not one the protocol has (not JSON, an unknown event, a
    /// field missing or of the wrong type): the engine is then answering nonsense.
    init?(line: String) {
        guard let (event, object) = Self.event(in: line) else { return nil }
        switch event {
        case "ready":
            self = .ready
        case "unavailable":
            guard let reason = object["reason"] as? String else { return nil }
            self = .unavailable(reason)
        case "progress":
            guard let fraction = Self.number(object["fraction"]) else { return nil }
            self = .progress(min(max(fraction, 0), 1))
        case "done":
            guard let words = Self.words(object["words"]) else { return nil }
            self = .done(Transcript(language: object["language"] as? String ?? "", words: words))
        case "failed":
            guard let reason = object["reason"] as? String else { return nil }
            self = .failed(reason)
        case "error":
            self = .error(object["reason"] as? String ?? "")
        default:
            return nil
        }
    }

    /// A list of `{text, start, end}` words, or nil when it isn't one.
    private static func words(_ value: Any?) -> [Transcript.Word]? {
        guard let list = value as? [Any] else { return nil }
        var words: [Transcript.Word] = []
        words.reserveCapacity(list.count)
        for item in list {
            guard let word = item as? [String: Any], let text = word["text"] as? String,
                let start = number(word["start"]), let end = number(word["end"])
            else { return nil }
            words.append(Transcript.Word(text: text, start: start, end: max(start, end)))
        }
        return words
    }

    /// A protocol line's `event` and its fields, or nil when the line is not a JSON object with an `event` string.
    /// Both modes' lines are read through it (`LiveEngineMessage` too).
    static func event(in line: String) -> (String, [String: Any])? {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let event = object["event"] as? String
        else { return nil }
        return (event, object)
    }

    /// A finite, non-negative JSON number (NSNumber on Linux), or nil.
    static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite && double >= 0 ? double : nil
    }
}
