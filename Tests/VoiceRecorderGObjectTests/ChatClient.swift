import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

/// One of the chat examples (Examples/chat) running against the installed library, in an X server and a sound
/// server of its own, driven by the pointer as a person would (xdotool), heard through the lines it prints.
final class ChatClient: Sendable {
    enum Language: String, CaseIterable, Sendable, CustomStringConvertible {
        case c, python, javascript, vala
        var description: String { rawValue }
    }

    let language: Language
    let screen: VirtualDisplay
    /// The folder takes are written in (the control's default: `voicerecorder` in the user's cache folder).
    let takes: URL
    private let process: ChildProcess
    /// What it printed: its lines are plain words, not JSON, so they are the reader's "stray" lines.
    private let output = Locked(EventLines())
    private let windowID: String

    /// The window's size, as the examples make it.
    static let windowSize = (width: 480.0, height: 560.0)

    /// Starts the client of `language` with `arguments`, reaching the sound server at `soundServer` (a server's
    /// address; one that does not exist makes access denied), with `home` as its home and cache, on `screen`.
    /// `bus`: a session bus to publish its accessible tree on (none: no bus at all).
    init(
        _ language: Language, arguments: [String] = [], library: InstalledLibrary, screen: VirtualDisplay,
        sound: ChildProcess.Environment, home: URL, bus: SessionBus? = nil
    ) throws {
        self.language = language
        self.screen = screen
        takes = home.appendingPathComponent("cache/voicerecorder", isDirectory: true)
        let environment = sound.adding(library.environment).adding([
            "DISPLAY": screen.name, "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "GSK_RENDERER": "cairo",
            "DBUS_SESSION_BUS_ADDRESS": bus?.address ?? "disabled:", "GTK_A11Y": bus == nil ? "none" : "atspi",
            "NO_AT_BRIDGE": bus == nil ? "1" : "0", "PYTHONDONTWRITEBYTECODE": "1",
        ])
        let command = library.command(language)
        let output = self.output
        // A line may arrive in pieces (Python writes a print's words one by one): the reader keeps whole lines only.
        process = try ChildProcess(
            command[0], Array(command.dropFirst()) + arguments, environment: environment,
            output: .stream { data in output.withLock { $0.take(data, at: Date().timeIntervalSince1970) } },
            errors: .capture)
        guard Self.line(starting: "ready", in: output, after: 0, timeout: 20) != nil else {
            let errors = process.capturedErrors
            process.kill()
            throw FixtureError("chat-\(language) did not show its window: \(errors.suffix(2_000))")
        }
        windowID =
            try ChildProcess.output(
                of: "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Chat$"], environment: screen.environment
            ).split(separator: "\n").first.map(String.init) ?? ""
    }

    deinit { stop() }

    func stop() { process.end(grace: 2) }

    /// What it printed on standard error (GLib's warnings and criticals land there).
    var errors: String { process.capturedErrors }

    /// Every line it printed so far.
    var printed: [String] { output.withLock { $0.strayLines } }

    /// Waits for a line that starts with `prefix` and was not there before the `after`-th line; returns it.
    @discardableResult
    func waitForLine(_ prefix: String, after: Int = 0, timeout: Double = 10) throws -> String {
        guard let found = Self.line(starting: prefix, in: output, after: after, timeout: timeout) else {
            throw FixtureError(
                "chat-\(language) printed no '\(prefix)' line within \(timeout) s: \(printed); stderr: "
                    + errors.suffix(1_000))
        }
        return found
    }

    private static func line(starting prefix: String, in output: Locked<EventLines>, after: Int, timeout: Double)
        -> String?
    {
        var found: String?
        _ = wait(timeout: timeout, interval: 0.02) {
            found = output.withLock {
                $0.strayLines.dropFirst(after).first { $0 == prefix || $0.hasPrefix(prefix + " ") }
            }
            return found != nil
        }
        return found
    }

    /// The mic's centre in the window: the control spans the window less its margins (16 at each side, 18 below),
    /// and the mic rests at its trailing end, a control's side square.
    var mic: (x: Double, y: Double) {
        let side = Style().side(TextScale(1))
        return (Self.windowSize.width - 16 - side / 2, Self.windowSize.height - 18 - side / 2)
    }

    func xdotool(_ arguments: [String]) throws {
        try ChildProcess.output(of: "/usr/bin/xdotool", arguments, environment: screen.environment)
    }

    /// The first message line's Play button: at the trailing end of the list's first row (12 from the edge, 6 from
    /// the top, a button's height).
    static let firstPlayButton = (x: windowSize.width - 12 - 17, y: 6 + 17.0)

    /// Clicks the primary button at `point` (window coordinates).
    func click(_ point: (x: Double, y: Double)) throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(point.x))", "\(Int(point.y))", "click", "1"])
    }

    /// Presses the primary button on the mic (until `release()`).
    func pressMic() throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(mic.x))", "\(Int(mic.y))", "mousedown", "1"])
    }

    func release() throws { try xdotool(["mouseup", "1"]) }

    /// Moves the pressed pointer to `x` (window coordinates) at the mic's height, in `steps` moves a frame apart.
    func slide(toX x: Double, steps: Int = 12) throws {
        for step in 1 ... steps {
            let along = mic.x + (x - mic.x) * Double(step) / Double(steps)
            try xdotool(["mousemove", "--window", windowID, "\(Int(along))", "\(Int(mic.y))"])
            letTimePass(0.025)  // a finger's pace: about one move a frame
        }
    }

    /// The take files in its folder now.
    var takeFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: takes.path)) ?? []).sorted()
    }
}

/// A `sent PATH SECONDS FORMAT SAMPLES` line, read.
struct SentLine {
    let path: String
    let duration: Double
    let format: String
    let samples: Int

    init(_ line: String) throws {
        let words = line.split(separator: " ").map(String.init)
        guard words.count == 5, words[0] == "sent", let duration = Double(words[2]), let samples = Int(words[4])
        else { throw FixtureError("not a sent line: \(line)") }
        path = words[1]
        self.duration = duration
        format = words[3]
        self.samples = samples
    }
}

/// A file as FFmpeg's prober reads it back: its codec, rate, channels and length.
struct ProbedFile {
    let codec: String
    let sampleRate: Int
    let channels: Int
    let duration: Double

    init(_ path: String) throws {
        let output = try ChildProcess.output(
            of: "/usr/bin/ffprobe",
            [
                "-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels:format=duration", "-of",
                "default=noprint_wrappers=1", path,
            ])
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        guard let codec = fields["codec_name"], let rate = fields["sample_rate"].flatMap(Int.init),
            let channels = fields["channels"].flatMap(Int.init), let duration = fields["duration"].flatMap(Double.init)
        else { throw FixtureError("ffprobe could not read \(path): \(output)") }
        self.codec = codec
        sampleRate = rate
        self.channels = channels
        self.duration = duration
    }
}
