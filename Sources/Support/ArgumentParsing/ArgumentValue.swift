/// How the text of an option's value or of a positional argument becomes a typed value: the placeholder shown in
/// help, the parse with its words for a rejected text, and how a default value is shown.
public struct ArgumentValue<Value>: Sendable {
    /// What help shows for the value, e.g. `S` or `granted|denied`.
    public let placeholder: String
    /// The value of `text`, or what is wrong with it as a phrase that follows the option's name ("takes a number,
    /// got 'x'").
    let parse: @Sendable (String) -> Result<Value, Rejection>
    /// The default as help shows it, or nil to show none.
    let describe: @Sendable (Value) -> String?

    /// A value type of your own: `parse` returns nil for text it does not accept, and `expected` says what it
    /// accepts ("a number of seconds above 0").
    public init(
        placeholder: String, expected: String, describe: @escaping @Sendable (Value) -> String? = { _ in nil },
        parse: @escaping @Sendable (String) -> Value?
    ) {
        self.init(placeholder: placeholder, describe: describe) { text in
            parse(text).map { .success($0) } ?? .failure(Rejection("takes \(expected), got '\(text)'"))
        }
    }

    init(
        placeholder: String, describe: @escaping @Sendable (Value) -> String?,
        parse: @escaping @Sendable (String) -> Result<Value, Rejection>
    ) {
        self.placeholder = placeholder
        self.parse = parse
        self.describe = describe
    }

    /// The same values under another placeholder (`.seconds.named("DELAY")`).
    public func named(_ placeholder: String) -> ArgumentValue {
        ArgumentValue(placeholder: placeholder, describe: describe, parse: parse)
    }
}

/// Why a text was not accepted, as a phrase that reads after the option's name.
struct Rejection: Error, Equatable {
    let phrase: String
    init(_ phrase: String) { self.phrase = phrase }
}

extension ArgumentValue where Value == String {
    /// Any text (a device name, say).
    public static func text(_ placeholder: String) -> ArgumentValue {
        ArgumentValue(placeholder: placeholder, describe: { $0 }) { .success($0) }
    }

    /// A file or directory path: any text but the empty one. Whether it exists is the command's business.
    public static func path(_ placeholder: String = "PATH") -> ArgumentValue {
        ArgumentValue(placeholder: placeholder, expected: "a path") { $0.isEmpty ? nil : $0 }
    }
}

extension ArgumentValue where Value == Double {
    /// A finite number, at least `minimum` when one is given.
    public static func number(_ placeholder: String = "X", atLeast minimum: Double? = nil) -> ArgumentValue {
        ArgumentValue(placeholder: placeholder, describe: { NumberText.shortest($0) }) { text in
            guard let number = Double(text), number.isFinite else {
                return .failure(Rejection("takes a number, got '\(text)'"))
            }
            if let minimum, number < minimum {
                return .failure(Rejection("must be at least \(NumberText.shortest(minimum)), got '\(text)'"))
            }
            return .success(number)
        }
    }

    /// A duration in seconds above 0.
    public static var seconds: ArgumentValue {
        ArgumentValue(placeholder: "S", expected: "a number of seconds above 0", describe: { NumberText.shortest($0) })
        {
            guard let number = Double($0), number.isFinite, number > 0 else { return nil }
            return number
        }
    }
}

extension ArgumentValue where Value == Int {
    /// A whole number, at least `minimum`.
    public static func integer(_ placeholder: String = "N", atLeast minimum: Int) -> ArgumentValue {
        ArgumentValue(placeholder: placeholder, describe: { String($0) }) { text in
            guard let number = Int(text) else { return .failure(Rejection("takes a whole number, got '\(text)'")) }
            guard number >= minimum else { return .failure(Rejection("must be at least \(minimum), got '\(text)'")) }
            return .success(number)
        }
    }
}

extension ArgumentValue where Value: Equatable & Sendable {
    /// One of a fixed set of words, each standing for a value, in the order help lists them.
    public static func choice(_ choices: [(word: String, value: Value)]) -> ArgumentValue {
        let words = choices.map(\.word)
        return ArgumentValue(
            placeholder: words.joined(separator: "|"),
            describe: { value in choices.first { $0.value == value }?.word }
        ) { text in
            guard let match = choices.first(where: { $0.word == text }) else {
                return .failure(Rejection("is \(NumberText.list(words, joinedBy: "or")), got '\(text)'"))
            }
            return .success(match.value)
        }
    }
}

extension ArgumentValue where Value: CaseIterable & RawRepresentable & Equatable & Sendable, Value.RawValue == String {
    /// One of an enumeration's cases, by raw value, in declaration order.
    public static func choice(of type: Value.Type = Value.self) -> ArgumentValue {
        choice(Value.allCases.map { (word: $0.rawValue, value: $0) })
    }
}

/// Numbers and lists as help and messages write them.
enum NumberText {
    /// `300` rather than `300.0`; `0.6` as it is.
    static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ words: [String], joinedBy conjunction: String) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words[words.count - 1]
    }
}
