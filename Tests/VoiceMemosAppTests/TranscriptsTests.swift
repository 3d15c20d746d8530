import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC E in the real app, with the real speech engine: a memo with speech is transcribed in the background, its
/// row reads as what was said, Ctrl+F finds a spoken word, activating the snippet plays from just before it, and
/// the engine is gone 30 s after its last job.
@Suite("voice-memos under Xvfb: transcripts and search by what was said", .serialized)
struct TranscriptsTests {
    /// The engine scripts/install-speech-engine.sh installed (scripts/test.sh installs it first).
    static var speechHome: String { InstalledSpeechEngine.home }

    /// A library in `scratch` holding one memo of `sentence` spoken by espeak-ng (added by `voicerec memos add`).
    static func library(in scratch: URL, saying sentence: String) throws -> String {
        let wav = scratch.appendingPathComponent("tmp/speech.wav")
        try FileManager.default.createDirectory(
            at: wav.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-s", "150", "-w", wav.path, sentence])
        let added = try Voicerec.run(
            ["memos", "--data-dir", scratch.appendingPathComponent("data/voicerecorder").path, "add", wav.path],
            temporaryDirectory: scratch.appendingPathComponent("tmp"))
        #expect(added.status == 0, "\(added.stderr)")
        let line = try #require(added.stdout.split(separator: "\n").first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["id"] as? String)
    }

    /// The engine processes the app started (its children running the speech engine).
    static func engines(of app: MemosAppSession) -> [Int32] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.filter { pid in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                status.contains("\nPPid:\t\(app.appPID)\n"),
                let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
            else { return false }
            return String(decoding: command, as: UTF8.self).contains("voicerec_speech.py")
        }
    }

    @Test("a spoken memo is transcribed, found by a word said in it, played from just before it; the engine leaves")
    func aSpokenMemoIsTranscribedFoundAndPlayedFromTheWord() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let id = try Self.library(in: scratch, saying: "Remember to call the dentist on Monday morning.")
        let app = try MemosAppSession(scratch: scratch, environment: ["VOICERECORDER_SPEECH_HOME": Self.speechHome])
        defer {
            app.stop()
            app.removeScratch()
        }
        let done = try app.waitFor("transcript", timeout: 60) {
            $0["id"] as? String == id && $0["state"] as? String == "done"
        }
        let text = (done["text"] as? String ?? "").lowercased()
        #expect(text.contains("dentist"), "\(text)")
        let finished = Date()
        #expect(!Self.engines(of: app).isEmpty, "the engine runs beside the app while it has work")

        // The row reads as what was said in its title (the placeholder); no line under it says the words again.
        letTimePass(0.5)
        let row = try #require(app.events("row", since: 0).last { $0["id"] as? String == id })
        #expect(row["transcriptLine"] is NSNull && row["snippet"] is NSNull, "\(row)")

        var since = app.count
        try app.xdotool(["key", "--delay", "40", "ctrl+f", "d", "e", "n", "t"])
        let results = try app.waitFor("searchResults", since: since) { $0["query"] as? String == "dent" }
        let hit = try #require((results["results"] as? [[String: Any]])?.first)
        #expect(hit["id"] as? String == id)
        let time = try #require(hit["time"] as? Double)
        #expect(time > 0.8 && time < 2.5, "'dentist' is the fifth word of a 3 s sentence: \(time)")
        let result = try app.waitFor("row", since: since) {
            $0["id"] as? String == id && $0["snippet"] is [String: Any]
        }

        since = app.count
        try app.click(MemosAppSession.point(result, "snippet"))
        let playing = try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        #expect(playing["id"] as? String == id)
        let from = try #require(playing["position"] as? Double)
        #expect(abs(from - max(0, time - 1)) < 0.01, "from a second before the word: \(from) for \(time)")

        // 30 s after the last job the engine has exited (the idle time), and nothing else was left running.
        #expect(
            wait(timeout: 45) { Self.engines(of: app).isEmpty }, "the engine is gone after 30 s without work")
        #expect(Date().timeIntervalSince(finished) >= 29, "and not before its idle time")
    }

    @Test("without the engine, the app says once which script installs it, starts no engine and shows no alert")
    func withoutTheEngineTheTranscriptViewSaysHowToInstallIt() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let id = try Self.library(in: scratch, saying: "Hello there.")
        let app = try MemosAppSession(scratch: scratch)
        defer {
            app.stop()
            app.removeScratch()
        }
        let unavailable = try app.waitFor("transcripts", timeout: 10) { $0["state"] as? String == "unavailable" }
        #expect((unavailable["reason"] as? String ?? "").contains("scripts/install-speech-engine.sh"))
        #expect(Self.engines(of: app).isEmpty)
        #expect(app.events("alert", since: 0).isEmpty, "never an alert")
        let rows = app.events("row", since: 0).filter { $0["id"] as? String == id }
        #expect(!rows.isEmpty && rows.allSatisfy { $0["transcriptLine"] is NSNull }, "rows stay as they were")
    }
}
