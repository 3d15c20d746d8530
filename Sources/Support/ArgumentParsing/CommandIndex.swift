/// A command in a tool's list of commands.
public struct CommandEntry: Equatable, Sendable {
    /// The word that picks it: `record`.
    public let name: String
    /// What it does, in one line.
    public let abstract: String

    public init(name: String, abstract: String) {
        self.name = name
        self.abstract = abstract
    }
}

/// A tool made of commands (`voicerec record`, `voicerec info`, …): its overview, and which command a command
/// line picks. Each command then reads the rest of the line with its own `Command`.
public struct CommandIndex: Sendable {
    /// The tool: `voicerec`.
    public let name: String
    /// What the tool is for, in one line.
    public let abstract: String
    /// Its commands, in the order the overview lists them.
    public let commands: [CommandEntry]

    public init(_ name: String, abstract: String, commands: [CommandEntry]) {
        self.name = name
        self.abstract = abstract
        self.commands = commands
    }

    /// What a tool's command line picks.
    public enum Choice: Equatable {
        /// Run `command` with the rest of the arguments.
        case command(String, arguments: [String])
        /// Don't run anything: print and exit.
        case stop(Stop)
    }

    /// The command `arguments` pick, or the overview (`--help`, `-h` or `help`: standard output, status 0; nothing
    /// or an unknown command: standard error, status 2).
    public func choose<Arguments: Collection<String>>(_ arguments: Arguments) -> Choice {
        guard let first = arguments.first else {
            return .stop(Stop(status: ExitStatus.usage, standardOutput: "", standardError: overview))
        }
        if ["--help", "-h", "help"].contains(first) {
            return .stop(Stop(status: ExitStatus.success, standardOutput: overview, standardError: ""))
        }
        guard commands.contains(where: { $0.name == first }) else { return .stop(unknown(first)) }
        return .command(first, arguments: Array(arguments.dropFirst()))
    }

    /// What a command line naming a command the tool does not have stops with (standard error, status 2).
    public func unknown(_ command: String) -> Stop {
        Stop(
            status: ExitStatus.usage, standardOutput: "",
            standardError: "\(name): unknown command '\(command)'\n\n\(overview)")
    }

    /// The overview: what the tool is, its usage and its commands; ends in exactly one newline.
    public var overview: String {
        let column = HelpLayout.labelColumn(for: commands.map(\.name))
        return """
            \(name): \(abstract)

            Usage: \(name) <command> [options]

            Commands:
            \(HelpLayout.table(commands.map { (label: $0.name, text: $0.abstract) }, column: column))

            Run '\(name) <command> --help' for a command's options.

            """
    }
}
