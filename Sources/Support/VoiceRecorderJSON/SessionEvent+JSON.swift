import Foundation
import VoiceRecorder

/// The one mapping of a session's events to JSON, shared by every tool that prints them (`voicerec simulate`, the
/// demo): the event's name under `"event"`, then its fields, always in the same order.
///
/// | event | fields |
/// |---|---|
/// | `phase` | `phase` |
/// | `feedback` | `kind` |
/// | `hint` | `hint`, `text` |
/// | `hintHidden`, `accessRequested`, `tooShort`, `passThrough` | |
/// | `announce` | `text` |
/// | `sent` | `url` (if asked for), `duration`, `samples` (the values, or their count if asked for), `atMaximum`, |
/// | | and for a trimmed take (SPEC D.5) `kept`: `{"start","end"}`, seconds of the take the file holds |
/// | `cancelled` | `reason` |
/// | `failure` | `message` |
/// | `debugReminder` | `text` (for `missingMicrophoneUsageDeclaration`) |
/// | `pressed` | `pressed` |
/// | `listening` | `listening` |
/// | `microphoneWarning` | `kind` (`muted`, `silent`, `none`), `source` (its name, or null), `description` |
///
/// `springHome` has no line: it is an animation detail, not an outcome. `microphones` has none here either: an
/// app's line says which source it chose (`Microphone.choicesJSON`).
extension SessionEvent {
    /// How much of a sent take a line carries.
    public struct JSONDetail: Sendable, Equatable {
        /// Whether `sent` carries the file's `url` (first, after `"event"`).
        public var url: Bool
        /// Whether `sent`'s `samples` are the waveform's values or only how many there are.
        public var samples: Samples

        /// The waveform as values, or as a count.
        public enum Samples: Sendable, Equatable { case values, count }

        public init(url: Bool = false, samples: Samples = .values) {
            self.url = url
            self.samples = samples
        }
    }

    /// The text a `debugReminder` line carries.
    public static let missingDeclarationReminder =
        "Declare why the app uses the microphone: without the declaration it never asks for access."

    /// The event as a JSON object `{"event": name, …fields}`, or nil for an event that has no line (`springHome`).
    public func json(_ detail: JSONDetail = JSONDetail()) -> JSONValue? {
        guard let name = jsonName else { return nil }
        return .object([("event", .string(name))] + jsonFields(detail))
    }

    /// The value of `"event"`, or nil for an event that has no line.
    public var jsonName: String? {
        switch self {
        case .phase: "phase"
        case .feedback: "feedback"
        case .hint: "hint"
        case .hintHidden: "hintHidden"
        case .announce: "announce"
        case .accessRequested: "accessRequested"
        case .sent: "sent"
        case .cancelled: "cancelled"
        case .tooShort: "tooShort"
        case .failure: "failure"
        case .missingMicrophoneUsageDeclaration: "debugReminder"
        case .pressed: "pressed"
        case .listening: "listening"
        case .passThrough: "passThrough"
        case .microphoneWarning: "microphoneWarning"
        case .springHome, .microphones: nil
        }
    }

    private func jsonFields(_ detail: JSONDetail) -> [(String, JSONValue)] {
        switch self {
        case .phase(let phase): return [("phase", .string(phase.rawValue))]
        case .feedback(let feedback): return [("kind", .string(feedback.rawValue))]
        case .hint(let kind, let text): return [("hint", .string(kind.rawValue)), ("text", .string(text))]
        case .announce(let text): return [("text", .string(text))]
        case .sent(let recording, let atMaximum):
            let samples: JSONValue =
                switch detail.samples {
                case .values: .array(recording.samples.map { .number($0) })
                case .count: .integer(recording.samples.count)
                }
            let url: [(String, JSONValue)] = detail.url ? [("url", .string(recording.url.path))] : []
            // Only a trimmed take says what it kept, so a whole take's line is the same with preview on or off.
            let kept: [(String, JSONValue)] = recording.keptJSON.map { [("kept", $0)] } ?? []
            return url + [
                ("duration", .number(recording.duration)), ("samples", samples), ("atMaximum", .bool(atMaximum)),
            ] + kept
        case .cancelled(let reason): return [("reason", .string(reason.rawValue))]
        case .failure(let failure): return [("message", .string(failure.message))]
        case .missingMicrophoneUsageDeclaration: return [("text", .string(Self.missingDeclarationReminder))]
        case .pressed(let pressed): return [("pressed", .bool(pressed))]
        case .listening(let listening): return [("listening", .bool(listening))]
        case .microphoneWarning(let kind, let source):
            return [
                ("kind", .string(kind.rawValue)), ("source", source.map { .string($0.name) } ?? .null),
                ("description", source.map { .string($0.description) } ?? .null),
            ]
        case .hintHidden, .accessRequested, .tooShort, .passThrough, .springHome, .microphones: return []
        }
    }
}

extension Recording {
    /// A trimmed take's kept range as `{"start","end"}`, seconds of the take its file holds (SPEC D.5); nil for a
    /// whole take. What a `sent` line carries as `kept`.
    public var keptJSON: JSONValue? {
        keptFrames.map { frames in
            let rate = Double(AudioFormat.sampleRate)
            return .object([
                ("start", .number(Double(frames.lowerBound) / rate)),
                ("end", .number(Double(frames.upperBound) / rate)),
            ])
        }
    }
}

extension Array where Element == Microphone {
    /// The sources a person chooses from (monitors left out, the default first: `choosable`), as the apps' `ready`
    /// and `microphones` lines carry them (SPEC F.2): `[{name, description, default, selected}]`, where `selected`
    /// marks the source takes record from (`recordedFrom(chosen:)`).
    public func choicesJSON(chosen name: String?) -> JSONValue {
        let recorded = recordedFrom(chosen: name)?.name
        return .array(
            choosable.map { source in
                .object([
                    ("name", .string(source.name)), ("description", .string(source.description)),
                    ("default", .bool(source.isDefault)), ("selected", .bool(source.name == recorded)),
                ])
            })
    }
}
