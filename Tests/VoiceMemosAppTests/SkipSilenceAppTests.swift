import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC I.2 end to end: "Skip Silences" in the main menu, then a memo with a four-second pause plays through a
/// real sound server in about four seconds less than its length, its position jumping over the pause in the
/// memo's own time; the switch is remembered at the next start.
@Suite("voice-memos under Xvfb: skip silence (SPEC I.2)", .serialized)
struct SkipSilenceAppTests {
    @Test func aLongPauseIsShortenedWhilePlayingAndTheSwitchIsRemembered() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let wav = scratch.appendingPathComponent("tmp/pause.wav")
        try FileManager.default.createDirectory(at: wav.deletingLastPathComponent(), withIntermediateDirectories: true)
        // espeak-ng's SSML break is digital silence: one pause of 4 s between two sentences.
        _ = try ChildProcess.output(
            of: "/usr/bin/espeak-ng",
            ["-m", "-s", "160", "-w", wav.path, "<speak>Is it on? <break time=\"4000ms\"/> Yes, it is.</speak>"])
        let added = try Voicerec.run(
            ["memos", "--data-dir", scratch.appendingPathComponent("data/voicerecorder").path, "add", wav.path],
            temporaryDirectory: scratch.appendingPathComponent("tmp"))
        #expect(added.status == 0, "\(added.stderr)")
        let memo = try #require(
            try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let id = try #require(memo["id"] as? String)
        let duration = try #require(memo["duration"] as? Double)

        var app = try MemosAppSession(scratch: scratch)
        defer {
            app.stop()
            app.removeScratch()
        }
        var since = app.count
        try app.click(try app.button("menu"))
        letTimePass(0.4)  // the popover opens and takes the keys (no line says so)
        try app.key("Return")
        #expect(try app.waitFor("skipSilence", since: since)["on"] as? Bool == true)

        since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        try app.waitFor("playback", timeout: duration + 5, since: since) { $0["state"] as? String == "ended" }
        let run = app.timedEvents.dropFirst(since).filter { $0.fields["event"] as? String == "playback" }
        let started = try #require(run.first { $0.fields["state"] as? String == "playing" }?.receivedAt)
        let ended = try #require(run.first { $0.fields["state"] as? String == "ended" }?.receivedAt)
        #expect(ended - started < duration - 3, "played in \(ended - started) s of a \(duration) s memo")
        let positions = run.compactMap { $0.fields["position"] as? Double }
        #expect(positions == positions.sorted(), "the memo's own time, never back")
        #expect(zip(positions, positions.dropFirst()).contains { $1 - $0 > 3 }, "it jumps over the pause: \(positions)")

        let settings = try Data(contentsOf: scratch.appendingPathComponent("config/voicerecorder/settings.json"))
        let remembered = try #require(try JSONSerialization.jsonObject(with: settings) as? [String: Any])
        #expect(remembered["skipSilence"] as? Bool == true)

        // Started again, it still skips.
        app.stop()
        app = try MemosAppSession(scratch: scratch)
        since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        try app.waitFor("playback", timeout: duration + 5, since: since) { $0["state"] as? String == "ended" }
        let again = app.events("playback", since: since).compactMap { $0["position"] as? Double }
        #expect(zip(again, again.dropFirst()).contains { $1 - $0 > 3 }, "\(again)")
    }
}
