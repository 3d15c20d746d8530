/// A tool's commands, each with what runs it: one table gives both the overview (`index`) and the dispatch, so a
/// command can never be listed without being run, nor run without being listed.
public struct CommandTable: Sendable {
    /// One command: its entry in the overview, and what runs it with the rest of the command line (returning the
    /// exit status).
    public struct Row: Sendable {
        public let entry: CommandEntry
        public let run: @Sendable ([String]) -> Int32

        public init(_ entry: CommandEntry, _ run: @escaping @Sendable ([String]) -> Int32) {
            self.entry = entry
            self.run = run
        }
    }

    /// What a command line led to.
    public enum Outcome {
        /// A command ran and returned this exit status.
        case ran(Int32)
        /// No command ran: print this and exit with its status (help, no command, an unknown one).
        case stop(Stop)
    }

    /// The overview and the choosing, from the rows' entries.
    public let index: CommandIndex
    private let rows: [Row]

    public init(_ name: String, abstract: String, rows: [Row]) {
        index = CommandIndex(name, abstract: abstract, commands: rows.map(\.entry))
        self.rows = rows
    }

    /// Runs the command `arguments` pick, handing it `leading` (options given before the command's name) followed
    /// by the rest of the line; or stops with the overview.
    public func dispatch(_ arguments: [String], leading: [String] = []) -> Outcome {
        switch index.choose(arguments) {
        case .stop(let stop):
            return .stop(stop)
        case .command(let name, let rest):
            // `choose` only picks listed names, and every listed name has its row.
            guard let row = rows.first(where: { $0.entry.name == name }) else { return .stop(index.unknown(name)) }
            return .ran(row.run(leading + rest))
        }
    }
}
