import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// The memos app records with pause and preview on (SPEC D, issue "pause, listen and trim"): a locked memo is paused,
/// trimmed at both ends and saved as the part kept. The mouse locks and sends, as a person does; the pause and the
/// trim go through AT-SPI, as a screen reader's activation and adjustments do (where the handles are drawn is the
/// demo's tests' business).
@Suite("voice-memos under Xvfb: pause, trim and save", .serialized)
struct PreviewTests {
    @Test("lock, pause, trim both ends, send: the memo's duration and its file are the kept range")
    func pauseTrimSave() throws {
        let app = try MemosAppSession(accessibility: true)
        defer {
            app.stop()
            app.removeScratch()
        }
        try app.holdMic()
        try app.drag(dx: 0, dy: -80)
        try app.waitFor("phase") { $0["phase"] as? String == "locked" }
        try app.release()
        // A take of more than 2 s, to trim.
        try app.waitUntilRecorded(2.2)

        var since = app.count
        try app.activateAccessible(role: "button", name: "Pause recording")
        try app.waitFor("phase", since: since) { $0["phase"] as? String == "paused" }
        let paused = try app.accessibleTree { $0.contains { $0.role == "slider" && $0.name == "End" } }
        let length = try #require(paused.first { $0.role == "slider" && $0.name == "End" }?.value)
        #expect(length > 2, "recorded \(length) s")

        try app.setAccessibleValue(role: "slider", name: "Start", to: 0.5)
        try app.setAccessibleValue(role: "slider", name: "End", to: length - 0.4)
        let trimmed = try app.accessibleTree { tree in
            tree.contains { $0.name == "Start" && $0.value == 0.5 }
                && tree.contains { $0.name == "End" && $0.value != length }
        }
        let start = try #require(trimmed.first { $0.role == "slider" && $0.name == "Start" }?.value)
        let end = try #require(trimmed.first { $0.role == "slider" && $0.name == "End" }?.value)
        #expect(start == 0.5 && abs(end - (length - 0.4)) < 1e-9, "kept \(start)–\(end) s")

        // The send button, where the mic rests.
        since = app.count
        try app.click(try app.mic)
        let added = try app.waitFor("memoAdded", timeout: 10, since: since)
        #expect(app.events("memoAdded").count == 1, "nothing was saved while paused: the one memo is the one sent")
        let kept = end - start
        let duration = try #require(added["duration"] as? Double)
        // Within one AAC frame (1024 samples at 24 kHz) of the kept range (SPEC D.5).
        #expect(abs(duration - kept) <= 1024.0 / 24_000, "memo of \(duration) s, kept \(kept) s")

        let memos = app.scratch.appendingPathComponent("data/voicerecorder/memos")
        let files = try FileManager.default.contentsOfDirectory(atPath: memos.path).filter { $0.hasSuffix(".m4a") }
        #expect(files.count == 1, "\(files)")
        let file = memos.appendingPathComponent(try #require(files.first))
        let (_, frames) = try AudioFileReader.decode(file) { _ in }
        let decoded = Double(frames) / 24_000
        #expect(abs(decoded - kept) <= 1024.0 / 24_000, "decoded \(decoded) s, kept \(kept) s")
    }
}
