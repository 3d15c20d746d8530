/// One option of a command: a flag (`--rtl`) or an option with a value (`--max S`, also written `--max=S`), and
/// where in the command's values it lands.
public struct Option<Values>: Sendable {
    /// The option as typed, with its dashes: `--max`.
    public let name: String
    /// The value's placeholder in help; nil for a flag.
    public let placeholder: String?
    /// What it does, for help.
    public let help: String
    /// Stores the option in the values: the value's text, or nil for a flag.
    let store: @Sendable (inout Values, String?) throws(UsageError) -> Void
    /// The default the command starts from, as help shows it.
    let shownDefault: @Sendable (Values) -> String?

    /// A flag: present means `true`.
    public static func flag(_ name: String, _ keyPath: WritableKeyPath<Values, Bool> & Sendable, help: String) -> Option
    {
        Option(
            name: name, placeholder: nil, help: help, store: { values, _ in values[keyPath: keyPath] = true },
            shownDefault: { _ in nil })
    }

    /// An option with a value of `type`.
    public static func value<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Values, Value> & Sendable, _ type: ArgumentValue<Value>,
        help: String
    ) -> Option {
        Option(
            name: name, placeholder: type.placeholder, help: help,
            store: { values, text throws(UsageError) in values[keyPath: keyPath] = try type.read(text ?? "", for: name)
            },
            shownDefault: { type.describe($0[keyPath: keyPath]) })
    }

    /// An option with a value of `type` that is absent (nil) unless given.
    public static func value<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Values, Value?> & Sendable, _ type: ArgumentValue<Value>,
        help: String
    ) -> Option {
        Option(
            name: name, placeholder: type.placeholder, help: help,
            store: { values, text throws(UsageError) in values[keyPath: keyPath] = try type.read(text ?? "", for: name)
            },
            shownDefault: { $0[keyPath: keyPath].flatMap(type.describe) })
    }
}

/// One positional argument of a command (`PATH`, `[DIR]`), in the order they are typed.
public struct Positional<Values>: Sendable {
    /// Its name in help and messages: `PATH`.
    public let name: String
    /// What it is, for help and for the message when it is missing.
    public let help: String
    /// Whether it may be left out (optional arguments come after required ones).
    public let isOptional: Bool
    /// Whether it takes every argument from its place on (`[ID…]`); only the last one may.
    public var isRepeated = false
    let store: @Sendable (inout Values, String) throws(UsageError) -> Void

    /// An argument that must be given.
    public static func required<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Values, Value> & Sendable, _ type: ArgumentValue<Value>,
        help: String
    ) -> Positional {
        Positional(name: name, help: help, isOptional: false) { values, text throws(UsageError) in
            values[keyPath: keyPath] = try type.read(text, for: name)
        }
    }

    /// An argument that may be left out: the value keeps its default then.
    public static func optional<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Values, Value> & Sendable, _ type: ArgumentValue<Value>,
        help: String
    ) -> Positional {
        Positional(name: name, help: help, isOptional: true) { values, text throws(UsageError) in
            values[keyPath: keyPath] = try type.read(text, for: name)
        }
    }

    /// An argument that may be left out (nil then).
    public static func optional<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Values, Value?> & Sendable, _ type: ArgumentValue<Value>,
        help: String
    ) -> Positional {
        Positional(name: name, help: help, isOptional: true) { values, text throws(UsageError) in
            values[keyPath: keyPath] = try type.read(text, for: name)
        }
    }
}

extension Positional {
    /// Any number of arguments, none included, each appended to the list at `keyPath`: the last positional only.
    public static func repeated<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Values, [Value]> & Sendable, _ type: ArgumentValue<Value>,
        help: String
    ) -> Positional {
        var positional = Positional(name: name, help: help, isOptional: true) { values, text throws(UsageError) in
            values[keyPath: keyPath].append(try type.read(text, for: name))
        }
        positional.isRepeated = true
        return positional
    }
}

extension ArgumentValue {
    /// `text` read as this type, or the usage error naming `name` ("--max takes a number, got 'x'").
    func read(_ text: String, for name: String) throws(UsageError) -> Value {
        switch parse(text) {
        case .success(let value): return value
        case .failure(let rejection): throw UsageError("\(name) \(rejection.phrase)")
        }
    }
}
