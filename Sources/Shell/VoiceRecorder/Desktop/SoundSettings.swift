import Foundation

/// The desktop's sound settings, where the microphone is allowed and chosen (SPEC C: the access-off hint's Settings
/// action opens them; the memos' permission alert's Open Settings too).
///
/// Desktops differ, so a short list of known panels is tried in order: GNOME's Sound panel, then PulseAudio's volume
/// control (which PipeWire desktops also serve). The first whose program is on the search path is started on its
/// own: nothing waits for it.
public struct SoundSettings: Sendable {
    /// What opening the settings did.
    public enum Outcome: Sendable, Equatable {
        /// The panel was started with this command line.
        case opened(String)
        /// None of the panels is installed, or none would start: the command lines tried, and why the last failed.
        case unavailable(tried: [String], reason: String)
    }

    /// Why the settings could not be opened, as an error (for callers that throw).
    public struct Unavailable: Error, CustomStringConvertible, Equatable {
        /// The command lines tried.
        public let tried: [String]
        /// Why the last one failed.
        public let reason: String
        public init(tried: [String], reason: String) {
            self.tried = tried
            self.reason = reason
        }
        public var description: String {
            "cannot open the sound settings (\(reason); tried: \(tried.joined(separator: ", ")))"
        }
    }

    /// The panels tried, in order: the program, then its arguments.
    public static let standardCommands = [["gnome-control-center", "sound"], ["pavucontrol"]]

    /// The commands to try.
    public var commands: [[String]]
    /// Where programs are looked for (a `PATH`).
    public var searchPath: String

    public init(
        commands: [[String]] = SoundSettings.standardCommands,
        searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    ) {
        self.commands = commands
        self.searchPath = searchPath
    }

    /// Starts the first installed panel. Never throws and never blocks on the panel.
    public func open() -> Outcome {
        var tried: [String] = []
        var reason = "not installed"
        for command in commands {
            guard let program = command.first else { continue }
            let line = command.joined(separator: " ")
            tried.append(line)
            guard let executable = find(program) else { continue }
            let process = Process()
            process.executableURL = executable
            process.arguments = Array(command.dropFirst())
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
                return .opened(line)
            } catch {
                reason = "\(error)"
            }
        }
        return .unavailable(tried: tried, reason: reason)
    }

    /// Starts the first installed panel, or throws `Unavailable` saying what was tried.
    public func openOrThrow() throws(Unavailable) {
        if case .unavailable(let tried, let reason) = open() { throw Unavailable(tried: tried, reason: reason) }
    }

    private func find(_ program: String) -> URL? {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
