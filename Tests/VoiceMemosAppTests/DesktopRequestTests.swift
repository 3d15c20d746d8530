import Foundation
import Testing
import VoiceRecorderTestSupport

/// The app as the desktop's search starts it (SPEC J.1): `--play ID --from S` plays the memo from that second once
/// the library is open, `--search TEXT` opens the window searching.
@Suite("voice-memos under Xvfb: started by the desktop's search", .serialized)
struct DesktopRequestTests {
    @Test("--play ID --from 1.5 plays that memo from 1.5 s; --search opens on the search")
    func playAndSearch() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let id = try TranscriptsTests.library(in: scratch, saying: "One, two, three, four, five, six.")
        do {
            let app = try MemosAppSession(arguments: ["--play", id, "--from", "1.5"], scratch: scratch)
            defer { app.stop() }
            let playing = try app.waitFor("playback") {
                $0["id"] as? String == id && $0["state"] as? String == "playing"
            }
            let position = try #require(playing["position"] as? Double)
            #expect(position >= 1.5 && position < 2.2, "played from \(position) s")
        }
        let app = try MemosAppSession(arguments: ["--search", "three"], scratch: scratch)
        defer {
            app.stop()
            app.removeScratch()
        }
        _ = try app.waitFor("search") { $0["query"] as? String == "three" }
        let bad = try ChildProcess.run(BuiltExecutables.path(of: "voice-memos"), ["--play", "not-an-id"])
        #expect(bad.status == 2 && bad.stderr == "voice-memos: --play takes a memo's ID, got 'not-an-id'\n")
    }
}
