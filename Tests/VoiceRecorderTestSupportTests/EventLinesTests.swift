import Foundation
import Testing
import VoiceRecorderTestSupport

/// An app's standard output as the end-to-end tests read it: no line may be dropped unseen.
@Suite("Event lines")
struct EventLinesTests {
    @Test("JSON objects are events, whatever arrives in pieces; every other line is kept as stray")
    func sortsLines() {
        var lines = EventLines()
        lines.take(Data("{\"event\":\"ready\"}\nGtk-Message: hello\n{\"event\":\"ph".utf8), at: 1)
        lines.take(Data("ase\",\"phase\":\"holding\"}\n[1, 2]\n\n".utf8), at: 2)
        #expect(lines.events.map { $0.fields["event"] as? String } == ["ready", "phase"])
        #expect(lines.events.map(\.receivedAt) == [1, 2])
        #expect(lines.strayLines == ["Gtk-Message: hello", "[1, 2]", ""])
    }

    @Test("an unfinished last line is stray once the output ends")
    func unfinishedLastLine() {
        var lines = EventLines()
        lines.take(Data("{\"event\":\"ready\"}\n{\"event\":".utf8), at: 1)
        #expect(lines.strayLines.isEmpty, "it may still be completed")
        lines.finish()
        #expect(lines.strayLines == ["{\"event\":"])
    }

    @Test("a stray line fails the test that reads it")
    func strayLinesFail() {
        var lines = EventLines()
        lines.take(Data("not an event\n".utf8), at: 1)
        withKnownIssue("the stray line is reported") { lines.expectOnlyEvents() }
        var clean = EventLines()
        clean.take(Data("{\"event\":\"ready\"}\n".utf8), at: 1)
        clean.expectOnlyEvents()
    }
}
