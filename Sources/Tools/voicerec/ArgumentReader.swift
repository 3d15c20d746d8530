import VoiceRecorderSimulator

/// Reads a subcommand's options one at a time, so each command states its options in one `switch`.
struct ArgumentReader {
    private let arguments: [String]
    private var index = 0
    /// Arguments that are not options, in order.
    private(set) var positional: [String] = []

    init(_ arguments: [String]) { self.arguments = arguments }

    /// The next option (or collects positional arguments until one), nil at the end.
    mutating func nextOption() -> String? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument.hasPrefix("--") || argument == "-h" { return argument }
            positional.append(argument)
        }
        return nil
    }

    /// The value after `option`.
    mutating func value(for option: String) throws -> String {
        guard index < arguments.count else { throw UsageError("\(option) needs a value") }
        defer { index += 1 }
        return arguments[index]
    }

    /// A positive number after `option`.
    mutating func seconds(for option: String) throws -> Double {
        let text = try value(for: option)
        guard let number = Double(text), number.isFinite, number > 0 else {
            throw UsageError("\(option) takes a number of seconds above 0, got '\(text)'")
        }
        return number
    }
}
