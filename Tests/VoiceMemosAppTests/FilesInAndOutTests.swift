import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC J.3: audio files dropped on the window from another app become memos (a file that is not audio is one toast
/// naming it), and a row dragged onto another app is its memo's audio, a copy named after its title. The other app is
/// a real GTK 4 window on the same X server (`FilePeer`), driven by xdotool as a hand drives a mouse.
@Suite("voice-memos under Xvfb: files in and out", .serialized)
struct FilesInAndOutTests {
    /// The app's window at the left, 560 px wide; the other app beside it.
    static let screenWidth = 1_000

    @Test("files dragged in from another app: the audio becomes a memo, the text file is one toast naming it")
    func dropIn() throws {
        let app = try MemosAppSession(width: Self.screenWidth)
        defer {
            app.stop()
            app.removeScratch()
        }
        let folder = app.scratch.appendingPathComponent("tmp/dragged")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let speech = folder.appendingPathComponent("speech.wav")
        _ = try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-w", speech.path, "Dropped on the window."])
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: notes)
        let original = try Data(contentsOf: speech)

        let peer = try FilePeer(.source([speech.path, notes.path]), on: app.screen, x: 700, y: 100)
        let origin = try app.windowOrigin()
        let since = app.count
        try FilePeer.drag(on: app.screen, from: (830, 230), to: (origin.x + 280, origin.y + 300))
        _ = try peer.waitFor("prepared")

        let dropped = try app.waitFor("filesDropped", since: since)
        #expect(dropped["paths"] as? [String] == [speech.path, notes.path])
        let added = try app.waitFor("memoAdded", since: since)
        let duration = try #require(added["duration"] as? Double)
        let toast = try app.waitFor("toast", since: since)
        #expect(toast["text"] as? String == "“notes.txt” not imported: not an audio file (it is text)")
        #expect(app.events("memoAdded", since: since).count == 1, "the text file is not a memo")
        #expect(try Data(contentsOf: speech) == original, "the dropped file is left as it is")

        // In the library: AAC at 24 kHz mono, as long as the file said.
        let listed = try Voicerec.run(["memos", "--data-dir", app.dataDirectory.path, "list"])
        #expect(listed.stdout.contains(added["id"] as? String ?? "?"))
        let file = app.dataDirectory.appendingPathComponent(
            "memos/\(added["id"] as? String ?? "").m4a")
        let probe = try ChildProcess.output(
            of: "/usr/bin/ffprobe",
            ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels", "-of", "csv=p=0", file.path])
        #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "aac,24000,1")
        let wavSeconds = Double(original.count - 44) / 2 / 22_050  // espeak-ng: 16-bit mono at 22.05 kHz
        #expect(abs(duration - wavSeconds) < 0.05, "\(duration) s against the file's \(wavSeconds) s")
    }

    @Test("a row dragged onto another app is its memo's audio, a copy named after its title, gone when the app ends")
    func dragOut() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let id = try TranscriptsTests.library(in: scratch, saying: "Remember to call the dentist.")
        let library = scratch.appendingPathComponent("data/voicerecorder").path
        let renamed = try Voicerec.run(["memos", "--data-dir", library, "rename", id, "Dentist: call."])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let app = try MemosAppSession(width: Self.screenWidth, scratch: scratch)
        defer { app.removeScratch() }
        let row = try app.row(id)
        let peer = try FilePeer(.target, on: app.screen, x: 700, y: 100)
        let origin = try app.windowOrigin()
        // The row's date line: past the play button, under the title (a press on the title's text selects it).
        let title = try MemosAppSession.point(row, "title")
        let waveform = try #require(row["waveform"] as? [String: Double])
        let from = (origin.x + Int(waveform["x"]! + 20), origin.y + Int(title.y + 24))
        let since = app.count
        try FilePeer.drag(on: app.screen, from: from, to: (830, 230))

        let dropped = try peer.waitFor("dropped")
        let paths = try #require(dropped["paths"] as? [String])
        #expect(paths.count == 1)
        let copy = URL(fileURLWithPath: try #require(paths.first))
        #expect(copy.lastPathComponent == "Dentist: call.m4a", "named after the title, less its full stop")
        let started = try app.waitFor("dragStarted", since: since)
        #expect(started["id"] as? String == id)
        let memoFile = URL(fileURLWithPath: library).appendingPathComponent("memos/\(id).m4a")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: memoFile), "the memo's audio, byte for byte")
        #expect(copy.path.hasPrefix(scratch.appendingPathComponent("cache/voicerecorder/drag-out").path))

        // Closed as a person closes it (Ctrl+Q, the keyboard's focus back on it): its copies go with it.
        try app.xdotool(["windowfocus", "--sync", app.windowID])
        try app.key("ctrl+q")
        #expect(app.waitForExit(seconds: 10) == 0)
        app.stop()
        #expect(!FileManager.default.fileExists(atPath: copy.path), "the app's copies go with it")
        #expect(FileManager.default.fileExists(atPath: memoFile.path), "the memo stays")
    }
}
