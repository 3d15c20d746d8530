#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Command {
    /// This process's command line read as an entry point does: the values to run with; or the help on standard
    /// output, or a usage error on standard error, and the process ends there with the stop's status (0 or 2).
    public func valuesOrExit() -> Values {
        switch evaluate(CommandLine.arguments.dropFirst()) {
        case .run(let values):
            return values
        case .stop(let stop):
            Self.writeAll(stop.standardOutput, to: 1)
            Self.writeAll(stop.standardError, to: 2)
            exit(stop.status)
        }
    }

    /// Writes all of `text` to the descriptor, going on after short writes and interruptions (a pipe may take less).
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
