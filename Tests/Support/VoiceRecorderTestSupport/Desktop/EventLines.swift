import Foundation
import Testing

/// An app's standard output read as it arrives: one JSON object per line is an event; any other line (a stray
/// print, a library's log line, a half-written object) is kept, so the test fails on it instead of never seeing it.
public struct EventLines {
    /// Each event, with the moment it was read (seconds since 1970, the test's clock), oldest first.
    public private(set) var events: [(receivedAt: Double, fields: [String: Any])] = []
    /// The lines that were not JSON objects, as read.
    public private(set) var strayLines: [String] = []
    private var partial = Data()

    public init() {}

    /// Takes what the pipe gave, `data`, read at `time`; complete lines are sorted into events and stray lines.
    public mutating func take(_ data: Data, at time: Double) {
        partial.append(data)
        while let newline = partial.firstIndex(of: 0x0A) {
            let line = partial[partial.startIndex ..< newline]
            partial.removeSubrange(partial.startIndex ... newline)
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                events.append((time, object))
            } else {
                strayLines.append(String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// The output has ended: an unfinished last line is a stray line too.
    public mutating func finish() {
        guard !partial.isEmpty else { return }
        strayLines.append(String(decoding: partial, as: UTF8.self))
        partial.removeAll()
    }

    /// Expects that every line was an event.
    public func expectOnlyEvents(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            strayLines.isEmpty, "the app printed lines that are not JSON events: \(strayLines)",
            sourceLocation: sourceLocation)
    }
}
