import Foundation

/// A JSON value whose objects keep their keys in the order written, so a line always reads the same:
/// `{"t":…,"event":…,…}`. Literals build it: `["event": "ready", "mic": ["x": 12.5, "y": 3]]`.
public indirect enum JSONValue: Sendable, Equatable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Two values are equal when they print the same text.
    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }

    /// The compact JSON text (no spaces, no newline).
    public var text: String {
        switch self {
        case .number(let value): return JSONNumber.text(value)
        case .integer(let value): return String(value)
        case .string(let value): return JSONString.quoted(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { JSONString.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// An object's fields followed by `more`; any other value is returned as it is.
    public func appending(_ more: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs + more)
    }

    /// `more` followed by an object's fields (`"t"` before `"event"`); any other value is returned as it is.
    public func prepending(_ more: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let pairs) = self else { return self }
        return .object(more + pairs)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keys stay in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
    public init(nilLiteral: ()) { self = .null }
}

/// Numbers as short, stable text: at most 6 decimals, no trailing zeros, no exponent; a non-finite number is `null`.
public enum JSONNumber {
    /// `value` as JSON number text.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

/// Strings quoted and escaped as JSON requires.
enum JSONString {
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
