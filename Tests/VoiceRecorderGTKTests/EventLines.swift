import Foundation
import Testing

/// The demo's standard output read as it arrives: one JSON object per line is an event; any other line (a stray
/// print, a library's log line, a half-written object) is kept, so the test fails on it instead of never seeing it.
struct EventLines {
    /// Each event, with the moment it was read (seconds since 1970, the test's clock), oldest first.
    private(set) var events: [(receivedAt: Double, fields: [String: Any])] = []
    /// The lines that were not JSON objects, as read.
    private(set) var strayLines: [String] = []
    private var partial = Data()

    /// Takes what the pipe gave, `data`, read at `time`; complete lines are sorted into events and stray lines.
    mutating func take(_ data: Data, at time: Double) {
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
    mutating func finish() {
        guard !partial.isEmpty else { return }
        strayLines.append(String(decoding: partial, as: UTF8.self))
        partial.removeAll()
    }

    /// Expects that every line was an event.
    func expectOnlyEvents(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            strayLines.isEmpty, "the demo printed lines that are not JSON events: \(strayLines)",
            sourceLocation: sourceLocation)
    }
}
