import Foundation
import Testing
import VoiceRecorderTestSupport

/// `voicerec record --live-transcript` (SPEC K) on a private sound server playing espeak-ng speech, with the real
/// speech engine: phrases come while the take records, all of them before the take's own line, the take is whole,
/// and no engine is left once voicerec has exited.
@Suite("voicerec record --live-transcript", .serialized)
struct LiveTranscriptCommandTests {
    /// A mark in the environment voicerec and its engine inherit, so this test finds its own engine among any other.
    private let mark = "VOICERECORDER_TEST_MARK=\(UUID().uuidString)"

    private func launch(_ arguments: [String], server: SoundServer, extra: [String: String] = [:]) throws
        -> ChildProcess
    {
        let parts = mark.split(separator: "=", maxSplits: 1).map(String.init)
        return try Voicerec.start(
            arguments, temporaryDirectory: server.directory,
            // The sound server's client environment has a HOME of its own: the installed engine is named.
            environment: server.clientEnvironment.adding(InstalledSpeechEngine.environment)
                .adding([parts[0]: parts[1]].merging(extra) { $1 }), input: .null)
    }

    /// Processes whose environment carries this test's mark (voicerec's engine outlives nothing it should not).
    private func marked() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int32($0) != nil }.filter { pid in
            let environment = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
            return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == mark }
        }
    }

    @Test func phrasesComeWhileTheTakeRecordsAndAllBeforeItsLine() async throws {
        try await withSoundServer { server in
            try server.play(
                try server.speechFile("Remember to call the dentist on Monday morning.", pause: 0.8, repeats: 8))
            try server.waitForPlayback()
            let output = server.directory.appendingPathComponent("live.m4a")
            let recorder = try launch(
                [
                    "record", "--device", server.monitorName, "--duration", "20", "--live-transcript", "--output",
                    output.path,
                ], server: server)
            // The first phrase is printed while the take still records: its 20 s of audio cannot have ended 19 s after
            // the launch (an end read from the process would also count the last words' settling, which a busy
            // machine stretches: on the test machine, with other suites' speech engines running, the first phrase
            // came 13 s after the launch once).
            var firstPhraseAt: ContinuousClock.Instant?
            let started = ContinuousClock.now
            _ = await wait(timeout: 40) {
                if firstPhraseAt == nil, recorder.capturedOutput.contains("\"phrase\"") { firstPhraseAt = .now }
                return !recorder.isRunning
            }
            let ended = ContinuousClock.now
            let result = try recorder.wait()
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            }
            let phrases = lines.dropLast()
            #expect(lines.last?["url"] as? String == output.path, "the take's line is last")
            #expect(abs((lines.last?["duration"] as? Double ?? 0) - 20) <= 0.03, "the take is whole")
            #expect(!phrases.isEmpty, "no phrase; stderr: \(result.stderr)")
            #expect(phrases.allSatisfy { $0.keys.sorted() == ["end", "phrase", "start"] })
            let heard = phrases.compactMap { $0["phrase"] as? String }.joined(separator: " ").lowercased()
            // Most of the phrase's words, not one word in particular: the live model's guess at a single word can
            // change with how the machine's load cut the audio into chunks ("eventist" for "dentist" once, in every
            // phrase of a run).
            let words = ["remember", "call", "dentist", "monday", "morning"]
            #expect(words.filter { heard.contains($0) }.count >= 4, "heard: \(heard)")
            let starts = phrases.compactMap { $0["start"] as? Double }
            #expect(starts == starts.sorted())
            #expect(phrases.allSatisfy { ($0["end"] as? Double ?? 99) <= 20.05 })
            let first = try #require(firstPhraseAt, "no phrase")
            #expect(first - started < .seconds(19), "printed as it was said, \(first - started) after the launch")
            #expect(first < ended)
            #expect(marked().isEmpty, "no engine left")
        }
    }

    @Test func withNoSpeechEngineItWarnsOnceAndRecordsAsBefore() async throws {
        try await withSoundServer { server in
            let home = server.directory.appendingPathComponent("no-engine").path
            let result = try launch(
                ["record", "--simulated", "--duration", "1.5", "--live-transcript"], server: server,
                extra: ["VOICERECORDER_SPEECH_HOME": home]
            ).wait()
            #expect(result.status == 0, "\(result.stderr)")
            let warnings = result.stderr.split(separator: "\n").filter { $0.contains("live transcript") }
            #expect(
                warnings == [
                    "voicerec record: warning: no live transcript: Transcripts are not installed: scripts/install-speech-engine.sh installs the speech engine"
                ], "\(result.stderr)")
            let line = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(abs((line["duration"] as? Double ?? 0) - 1.5) <= 0.03)
        }
    }
}
