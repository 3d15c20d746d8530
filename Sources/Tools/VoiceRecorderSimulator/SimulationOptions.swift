import Foundation
import VoiceRecorder
import VoiceRecorderCore

/// The options of a scripted run (`voicerec simulate`).
public struct SimulationOptions: Sendable, Equatable {
    /// Where the audio comes from.
    public enum Source: String, Sendable, Equatable { case simulated, microphone }

    /// The control's width in points.
    public var width = 390.0
    /// Right to left.
    public var rightToLeft = false
    /// The text scale.
    public var textScale = 1.0
    /// `minimumDuration`, if set.
    public var minimum: Double?
    /// `maximumDuration`, if set.
    public var maximum: Double?
    /// The source: the simulated one needs no permission; the (virtual) microphone goes through access.
    public var source = Source.simulated
    /// The microphone's access state at the start.
    public var access = AccessStatus.granted
    /// How long audio takes to start.
    public var audioStartDelay = 0.0
    /// Whether audio fails to start.
    public var audioStartFails = false
    /// Whether a screen reader is on.
    public var screenReader = false
    /// Where real files are written (`--write DIR`), if anywhere.
    public var writeDirectory: String?

    public init() {}

    /// The durations these options ask for.
    public var durations: Durations {
        Durations(minimum: minimum ?? Durations.defaultMinimum, maximum: maximum ?? Durations.defaultMaximum)
    }

    /// Reads options from `arguments`, returning the rest (the positional arguments).
    /// Throws a `UsageError` naming the bad option.
    public mutating func parse(_ arguments: [String]) throws -> [String] {
        var rest: [String] = []
        var index = 0
        func value(_ option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError("\(option) needs a value") }
            return arguments[index]
        }
        func number(_ option: String, minimum: Double? = nil) throws -> Double {
            let text = try value(option)
            guard let number = Double(text), number.isFinite else { throw UsageError("\(option) takes a number, got '\(text)'") }
            if let minimum, number < minimum { throw UsageError("\(option) must be at least \(JSONNumber.text(minimum)), got '\(text)'") }
            return number
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--width": width = try number(argument, minimum: 1)
            case "--rtl": rightToLeft = true
            case "--text-scale": textScale = try number(argument, minimum: 0.1)
            case "--min": minimum = try number(argument)
            case "--max": maximum = try number(argument)
            case "--source":
                let text = try value(argument)
                guard let parsed = Source(rawValue: text) else {
                    throw UsageError("--source is simulated or microphone, got '\(text)'")
                }
                source = parsed
            case "--access":
                let text = try value(argument)
                guard let parsed = AccessStatus(rawValue: text) else {
                    throw UsageError("--access is granted, denied, undetermined or undeclared, got '\(text)'")
                }
                access = parsed
            case "--audio-start-delay": audioStartDelay = try number(argument, minimum: 0)
            case "--audio-start-fails": audioStartFails = true
            case "--screen-reader": screenReader = true
            case "--write": writeDirectory = try value(argument)
            default:
                if argument.hasPrefix("--") { throw UsageError("unknown option \(argument)") }
                rest.append(argument)
            }
            index += 1
        }
        return rest
    }
}

/// A command line that could not be understood (exit status 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
