import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC E.3 and E.4 as a screen reader meets them, at two window widths and in both directions: a search result's
/// snippet is a button that says when the word was said and what was said around it; the row keeps its name
/// "<title>, <date>, <duration>" with the first words as the untitled memo's title; the transcript is readable text.
@Suite("voice-memos under Xvfb: transcripts read over AT-SPI", .serialized)
struct TranscriptsAccessibilityTests {
    @Test(arguments: [(560, false), (360, true)])
    func aSearchResultAndTheTranscriptAreReadable(width: Int, rightToLeft: Bool) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let id = try TranscriptsTests.library(in: scratch, saying: "Remember to call the dentist on Monday morning.")
        // Transcribed before the app starts, so the app itself runs no engine here.
        let transcribed = try Voicerec.run(
            [
                "memos", "--data-dir", scratch.appendingPathComponent("data/voicerecorder").path, "transcribe",
                "--wait",
                id,
            ],
            temporaryDirectory: scratch.appendingPathComponent("tmp"),
            environment: .inherited.adding(["VOICERECORDER_SPEECH_HOME": TranscriptsTests.speechHome]))
        #expect(transcribed.status == 0, "\(transcribed.stderr)")
        let app = try MemosAppSession(
            arguments: rightToLeft ? ["--rtl"] : [], accessibility: true, scratch: scratch)
        defer {
            app.stop()
            app.removeScratch()
        }
        _ = try app.xdotool(["windowsize", app.windowID, "\(width)", "640"])
        var since = app.count
        try app.xdotool(["key", "--delay", "40", "ctrl+f", "d", "e", "n", "t"])
        _ = try app.waitFor("searchResults", since: since) { $0["query"] as? String == "dent" }
        let result = try app.waitFor("row", since: since) {
            $0["id"] as? String == id && $0["snippet"] is [String: Any]
        }
        let tree = try app.accessibleTree { nodes in nodes.contains { $0.name.hasPrefix("Said at 0:0") } }
        let snippet = try #require(tree.first { $0.name.hasPrefix("Said at 0:0") }, "\(tree.map(\.name))")
        #expect(snippet.role == "button")
        #expect(snippet.name.lowercased().contains("dentist"))
        #expect(
            tree.contains { $0.name.lowercased().hasPrefix("remember to call the dentist on monday…, ") },
            "the row's name: the first words as its title, then date and duration")
        try app.savePicture(to: "/tmp/voicerecorder-transcripts-search-\(width)-\(rightToLeft ? "rtl" : "ltr").png")

        try app.key("Escape")
        // The row where it is now, out of the search and at this width: its latest line.
        _ = try app.waitFor("searchResults", since: 0) { _ in true }
        letTimePass(0.5)  // the list settles after the search closes; its last row line is where the row stays
        // Untitled, its title is the first words and no line repeats them (E.3); with a title of its own, the line
        // under it is the transcript's first words, which opens the transcript.
        let untitled = try #require(app.events("row", since: 0).last { $0["id"] as? String == id })
        #expect(untitled["transcriptLine"] is NSNull, "\(untitled)")
        since = app.count
        try app.click(MemosAppSession.point(untitled, "title"))
        try app.type("Dentist")
        try app.key("Return")
        _ = try app.waitFor("renamed", since: since) { $0["title"] as? String == "Dentist" }
        let row = try app.waitFor("row", since: since) {
            $0["id"] as? String == id && $0["transcriptLine"] is [String: Any]
        }
        since = app.count
        _ = result
        try app.click(MemosAppSession.point(row, "transcriptLine"))
        _ = try app.waitFor("transcriptView", since: since) { ($0["words"] as? Int ?? 0) > 0 }
        let opened = try app.accessibleTree { nodes in nodes.contains { $0.name == "Transcript" && $0.role == "text" } }
        #expect(
            opened.contains { $0.name == "Transcript" && $0.role == "text box" },
            "readable text: \(opened.filter { $0.depth > 1 }.map { "\($0.role):\($0.name)" }.suffix(30))")
        #expect(opened.contains { $0.name == "Copy Transcript" && $0.role == "button" })
        #expect(!opened.contains { $0.name == "AdwWindowTitle" }, "the window's title is read as the memo's")
    }
}
