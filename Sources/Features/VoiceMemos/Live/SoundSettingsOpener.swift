import Foundation

/// Opens the desktop's sound settings (the permission alert's Open Settings, SPEC B.2): the first of a few known
/// settings programs found on the search path, started on its own (the app does not wait for it).
public struct SoundSettingsOpener: Sendable {
    /// Why nothing could be opened.
    public struct NotFound: Error, LocalizedError, Equatable {
        /// The programs looked for.
        public let programs: [String]
        public init(programs: [String]) { self.programs = programs }
        public var errorDescription: String? {
            "none of \(programs.joined(separator: ", ")) is installed"
        }
    }

    /// The commands tried, in order: GNOME's settings on its Sound page, then PulseAudio's volume control (which
    /// also works under PipeWire).
    public static let standardCommands = [["gnome-control-center", "sound"], ["pavucontrol"]]

    /// The commands to try.
    public var commands: [[String]]
    /// Where programs are looked for (a `PATH`).
    public var searchPath: String

    public init(commands: [[String]] = SoundSettingsOpener.standardCommands,
                searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") {
        self.commands = commands
        self.searchPath = searchPath
    }

    /// Starts the first command whose program is found, and returns its process.
    @discardableResult
    public func open() throws -> Process {
        for command in commands {
            guard let program = command.first, let executable = find(program) else { continue }
            let process = Process()
            process.executableURL = executable
            process.arguments = Array(command.dropFirst())
            process.standardInput = FileHandle.nullDevice
            try process.run()
            return process
        }
        throw NotFound(programs: commands.compactMap(\.first))
    }

    private func find(_ program: String) -> URL? {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
