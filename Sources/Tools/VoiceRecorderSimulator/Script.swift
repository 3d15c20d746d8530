import VoiceRecorder
import VoiceRecorderJSON

/// One line of a simulation script: what happens, and when (seconds from the start).
public struct ScriptLine: Sendable, Equatable {
    /// Seconds from the start of the run.
    public var time: Double
    /// What happens.
    public var command: ScriptCommand
    /// The line's number in the script, from 1, for messages.
    public var lineNumber: Int
}

/// What a script line does.
public enum ScriptCommand: Sendable, Equatable {
    /// A finger lands on the mic at (x, y).
    case down(Point)
    /// The finger is now (dx, dy) from where it landed.
    case move(Point)
    /// The finger lifts where it is.
    case up
    /// The system takes the touch away.
    case cancelTouch
    /// `Session.start()`, `press()`, `release()`, `lock()`, `send()`, `cancel()`.
    case start, press, release, lock, send, cancel
    /// An interruption.
    case interrupt(Interruption)
    /// The answer to an access question.
    case access(granted: Bool)
    /// A key.
    case key(RecorderControl.Key)
    /// A screen reader activates the mic.
    case activate
    /// Preview (SPEC D, `--preview`): `Session.pause()`, `resume()`, `play()`, `pausePlayback()`.
    case pause, resume, play, pausePlayback
    /// Preview: `Session.seek(to:)`, seconds of the take.
    case seek(Double)
    /// Preview: `Session.trim(start:end:)`, seconds from the take's first sample.
    case trim(start: Double, end: Double)
    /// Print a snapshot of the presentation.
    case state
    /// Run until this line's time, print the summary, stop.
    case end
}

extension ScriptCommand {
    /// Whether the command is one of pause and preview's (SPEC D).
    public var needsPreview: Bool {
        switch self {
        case .pause, .resume, .play, .pausePlayback, .seek, .trim: true
        default: false
        }
    }

    /// The preview commands' names as a script spells them.
    var name: String {
        switch self {
        case .pause: "pause"
        case .resume: "resume"
        case .play: "play"
        case .pausePlayback: "pause-playback"
        case .seek: "seek"
        case .trim: "trim"
        default: "\(self)"
        }
    }
}

/// A script that could not be read: which line, and why.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var lineNumber: Int
    public var message: String
    public var description: String { "line \(lineNumber): \(message)" }
}

/// Reads simulation scripts: one command per line, `#` starts a comment, times in seconds from the start, never
/// going back.
public enum Script {
    /// Parses `text` into lines, or throws the first problem with its line number.
    public static func parse(_ text: String) throws -> [ScriptLine] {
        var lines: [ScriptLine] = []
        var lastTime = 0.0
        var ended = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let first = words.first else { continue }
            func fail(_ message: String) -> ScriptError { ScriptError(lineNumber: number, message: message) }
            guard let time = Double(first), time.isFinite, time >= 0 else {
                throw fail("expected a time in seconds at the start, found '\(first)'")
            }
            guard time >= lastTime else {
                throw fail("time \(first) goes back before the previous line's \(format(lastTime))")
            }
            guard !ended else { throw fail("nothing may follow 'end'") }
            guard words.count >= 2 else { throw fail("expected a command after the time") }
            let command = try parseCommand(words[1], Array(words.dropFirst(2)), fail: fail)
            if command == .end { ended = true }
            lines.append(ScriptLine(time: time, command: command, lineNumber: number))
            lastTime = time
        }
        return lines
    }

    private static func parseCommand(
        _ name: String, _ arguments: [String], fail: (String) -> ScriptError
    ) throws -> ScriptCommand {
        func expect(_ count: Int, _ usage: String) throws {
            guard arguments.count == count else {
                throw fail(
                    "'\(name)' takes \(count == 0 ? "no arguments" : usage), got \(arguments.count == 0 ? "none" : "'\(arguments.joined(separator: " "))'")"
                )
            }
        }
        func point() throws -> Point {
            try expect(2, "two numbers (x y)")
            guard let x = Double(arguments[0]), let y = Double(arguments[1]), x.isFinite, y.isFinite else {
                throw fail("'\(name)' takes two numbers, got '\(arguments.joined(separator: " "))'")
            }
            return Point(x: x, y: y)
        }
        /// Seconds of the take: finite and not negative.
        func seconds(_ count: Int, _ usage: String) throws -> [Double] {
            try expect(count, usage)
            let values = arguments.compactMap(Double.init).filter { $0.isFinite && $0 >= 0 }
            guard values.count == count else {
                throw fail("'\(name)' takes \(usage), got '\(arguments.joined(separator: " "))'")
            }
            return values
        }
        switch name {
        case "down": return .down(try point())
        case "move": return .move(try point())
        case "up":
            try expect(0, "")
            return .up
        case "cancel-touch":
            try expect(0, "")
            return .cancelTouch
        case "start":
            try expect(0, "")
            return .start
        case "press":
            try expect(0, "")
            return .press
        case "release":
            try expect(0, "")
            return .release
        case "lock":
            try expect(0, "")
            return .lock
        case "send":
            try expect(0, "")
            return .send
        case "cancel":
            try expect(0, "")
            return .cancel
        case "activate":
            try expect(0, "")
            return .activate
        case "pause":
            try expect(0, "")
            return .pause
        case "resume":
            try expect(0, "")
            return .resume
        case "play":
            try expect(0, "")
            return .play
        case "pause-playback":
            try expect(0, "")
            return .pausePlayback
        case "seek":
            return .seek(try seconds(1, "one time in seconds (S)")[0])
        case "trim":
            let range = try seconds(2, "two times in seconds (A B)")
            guard range[0] < range[1] else {
                throw fail(
                    "'trim' keeps A to B seconds, so A must come before B, got '\(arguments.joined(separator: " "))'")
            }
            return .trim(start: range[0], end: range[1])
        case "state":
            try expect(0, "")
            return .state
        case "end":
            try expect(0, "")
            return .end
        case "interrupt":
            let kinds = Interruption.allCases.map(\.rawValue).joined(separator: ", ")
            try expect(1, "one kind (\(kinds))")
            guard let kind = Interruption(rawValue: arguments[0]) else {
                throw fail("unknown interruption '\(arguments[0])'; kinds: \(kinds)")
            }
            return .interrupt(kind)
        case "access":
            try expect(1, "one answer (granted, denied)")
            switch arguments[0] {
            case "granted": return .access(granted: true)
            case "denied": return .access(granted: false)
            default: throw fail("unknown access answer '\(arguments[0])'; answers: granted, denied")
            }
        case "key":
            let keys = RecorderControl.Key.allCases.map(\.rawValue).joined(separator: ", ")
            try expect(1, "one key (\(keys))")
            guard let key = RecorderControl.Key(rawValue: arguments[0]) else {
                throw fail("unknown key '\(arguments[0])'; keys: \(keys)")
            }
            return .key(key)
        default:
            throw fail(
                "unknown command '\(name)'; commands: down, move, up, cancel-touch, start, press, release, lock, send, cancel, interrupt, access, key, activate, pause, resume, play, pause-playback, seek, trim, state, end"
            )
        }
    }

    /// Throws for the first line that needs pause and preview (SPEC D) when the run has it off: such a line would
    /// do nothing, and a script that does nothing where it says it pauses is a mistake worth naming.
    public static func checkPreview(_ lines: [ScriptLine], preview: Bool) throws {
        guard !preview, let line = lines.first(where: { $0.command.needsPreview }) else { return }
        throw ScriptError(lineNumber: line.lineNumber, message: "'\(line.command.name)' needs --preview")
    }

    static func format(_ time: Double) -> String { JSONNumber.text(time) }
}
