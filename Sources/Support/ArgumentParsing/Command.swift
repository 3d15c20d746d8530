/// A command's whole command line, declared: its options and positional arguments, the values they fill, and the
/// words its help is made of. Help is generated from the declarations, so it always says what the parser does.
///
/// ```swift
/// struct Arguments { var simulated = false; var maximum = 300.0; var output: String? }
/// let record = Command(
///     "voicerec record", abstract: "record a voice message into an .m4a", defaults: Arguments(),
///     options: [
///         .flag("--simulated", \.simulated, help: "record the simulated voice"),
///         .value("--max", \.maximum, .seconds, help: "the longest take"),
///         .value("--output", \.output, .path(), help: "move the finished file here"),
///     ])
/// switch record.evaluate(CommandLine.arguments.dropFirst()) {
/// case .run(let arguments): …
/// case .stop(let stop): …   // print stop.standardOutput / stop.standardError, exit with stop.status
/// }
/// ```
///
/// Every command understands `-h` and `--help` (help on standard output, status 0), `--name=value` as well as
/// `--name value`, and `--` before positional arguments that start with a dash. An unknown option, a missing or
/// malformed value, an option given twice, or too few or too many positional arguments is a `UsageError`.
public struct Command<Values> {
    /// The command as typed, e.g. `voicerec record`: the start of every message and of the usage line.
    public let name: String
    /// One line saying what it does, for a tool's list of commands.
    public let abstract: String
    /// The text between the usage line and the options, as written (paragraphs, a table of keys).
    public let discussion: String
    /// The values before any argument is read; help shows the defaults from here.
    public let defaults: Values
    /// The options, in the order help lists them.
    public let options: [Option<Values>]
    /// The positional arguments, in order.
    public let arguments: [Positional<Values>]
    /// The text after the options (the exit statuses, say).
    public let footer: String
    /// Rules between options ("--device and --simulated don't go together"), checked after everything was read.
    let check: @Sendable (Values) throws(UsageError) -> Void

    public init(
        _ name: String, abstract: String, discussion: String = "", defaults: Values, options: [Option<Values>] = [],
        arguments: [Positional<Values>] = [], footer: String = "",
        check: @escaping @Sendable (Values) throws(UsageError) -> Void = { _ in }
    ) {
        precondition(
            !arguments.drop(while: { !$0.isOptional }).contains { !$0.isOptional },
            "\(name): required positional arguments come before optional ones")
        precondition(
            !arguments.dropLast().contains(where: \.isRepeated), "\(name): only the last positional argument repeats")
        precondition(Set(options.map(\.name)).count == options.count, "\(name): an option is declared twice")
        precondition(!options.contains { Self.helpNames.contains($0.name) }, "\(name): --help is every command's own")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.defaults = defaults
        self.options = options
        self.arguments = arguments
        self.footer = footer
        self.check = check
    }

    static var helpNames: [String] { ["--help", "-h"] }

    /// What a command line asks for.
    public enum Request {
        /// Run with these values.
        case run(Values)
        /// Show the help.
        case help
    }

    /// Reads `arguments` (without the command's own name). `--help` wins over every problem, so help is always
    /// reachable.
    public func parse<Arguments: Collection<String>>(_ arguments: Arguments) throws(UsageError) -> Request {
        let arguments = Array(arguments)
        if arguments.prefix(while: { $0 != "--" }).contains(where: { Self.helpNames.contains($0) }) { return .help }
        var values = defaults
        var given: Set<String> = []
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !Self.isOption(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option \(name)")
            }
            guard given.insert(name).inserted else { throw UsageError("\(name) is given more than once") }
            guard let placeholder = option.placeholder else {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                try option.store(&values, nil)
                continue
            }
            if let inlineValue {
                try option.store(&values, inlineValue)
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                try option.store(&values, arguments[index])
                index += 1
            } else {
                throw UsageError("\(name) needs a value (\(placeholder))")
            }
        }
        try store(positionals, in: &values)
        try check(values)
        return .run(values)
    }

    private func store(_ positionals: [String], in values: inout Values) throws(UsageError) {
        if positionals.count < arguments.count, !arguments[positionals.count].isOptional {
            let missing = arguments[positionals.count]
            throw UsageError("missing \(missing.name) (\(missing.help))")
        }
        let takesTheRest = arguments.last?.isRepeated ?? false
        if positionals.count > arguments.count, !takesTheRest {
            throw UsageError("unexpected argument '\(positionals[arguments.count])'")
        }
        for (index, text) in positionals.enumerated() {
            // Past the declared ones, only a repeated last argument is left to take them.
            try arguments[min(index, arguments.count - 1)].store(&values, text)
        }
    }

    /// Whether `argument` is meant as an option: `--` and `--name`, or `-x` — but not `-` (standard input) nor a
    /// negative number.
    static func isOption(_ argument: String) -> Bool {
        if argument.hasPrefix("--") { return true }
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        return Double(argument) == nil
    }

    /// `--name=value` into its name and value; other arguments have no inline value.
    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// What a tool does before running a command: run it, or stop and print something.
public enum Evaluation<Values> {
    /// Run the command with these values.
    case run(Values)
    /// Don't run: print and exit.
    case stop(Stop)
}

/// The end of a command line that asked for help or could not be understood: what to print where, and the exit
/// status. Both texts are empty or end in exactly one newline.
public struct Stop: Equatable, Sendable {
    /// `ExitStatus.success` for help, `ExitStatus.usage` for a usage error.
    public let status: Int32
    /// The help, when asked for.
    public let standardOutput: String
    /// The usage error and where to find help.
    public let standardError: String

    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

extension Command {
    /// Reads `arguments` as a tool's entry point does: the values to run with, or the help (status 0, standard
    /// output), or a usage error (status 2, standard error: "voicerec record: …" and a pointer to the help).
    public func evaluate<Arguments: Collection<String>>(_ arguments: Arguments) -> Evaluation<Values> {
        do throws(UsageError) {
            switch try parse(arguments) {
            case .run(let values): return .run(values)
            case .help: return .stop(Stop(status: ExitStatus.success, standardOutput: help, standardError: ""))
            }
        } catch {
            return .stop(usageStop(error))
        }
    }

    /// The stop for a usage error found by the command itself (after parsing): "name: message", then the hint.
    public func usageStop(_ error: UsageError) -> Stop {
        Stop(
            status: ExitStatus.usage, standardOutput: "",
            standardError: "\(name): \(error.message)\n\nRun '\(name) --help' for usage.\n")
    }
}

extension Command: Sendable where Values: Sendable {}
