import Foundation

/// A JSON value with object keys kept in the order written, so every output line reads `{"t":…,"event":…,…}`.
public indirect enum JSONValue: Sendable, Equatable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }

    /// The compact JSON text.
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
}

/// Numbers as short, stable text: at most 6 decimals, no trailing zeros, no exponent, never NaN.
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
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
