import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC B.2 and B.4 end to end, in Xvfb with xdotool: holding the mic makes a memo at the top; play, positions,
/// the end; speed; seeking; one memo at a time; recording stops playback.
///
/// Playback is real: the PulseAudio memo player into a private sound server's null sink, so the positions and the
/// end come from the sound server's clock.
@Suite("voice-memos under Xvfb: recording and playback", .serialized)
struct RecordAndPlayTests {
    @Test("holding the mic 2 s makes a memo of about that length at the top of the list; the next goes above it")
    func record() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        #expect(app.events("ready").first?["memos"] as? Int == 0)
        let first = try app.record(seconds: 2)
        let duration = try #require(first["duration"] as? Double)
        // The hold starts 0.18 s after the press; the take ends on release.
        #expect(duration > 1.5 && duration < 2.2, "\(duration) s")
        let firstID = try #require(first["id"] as? String)
        let row = try app.row(firstID)
        #expect(row["index"] as? Int == 0)
        #expect(row["visible"] as? Bool == true)

        let since = app.count
        let second = try #require(try app.record(seconds: 1)["id"] as? String)
        #expect(try app.row(second, since: since)["index"] as? Int == 0)
        #expect(try app.row(firstID, since: since)["index"] as? Int == 1)
        #expect(app.events("list").last?["count"] as? Int == 2)
    }

    @Test("play: positions rising at least 10 times a second, then ended, back at the start")
    func playToTheEnd() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let memo = try app.record(seconds: 2)
        let id = try #require(memo["id"] as? String)
        let duration = try #require(memo["duration"] as? Double)
        let since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        try app.waitFor("playback", timeout: 10, since: since) { $0["state"] as? String == "ended" }

        let lines = app.timedEvents.dropFirst(since).filter { $0.fields["event"] as? String == "playback" }
        let states = lines.map { $0.fields["state"] as? String ?? "" }
        #expect(states.first == "playing" && states.last == "ended")
        let positions = lines.filter { $0.fields["state"] as? String == "position" }
        let values = positions.compactMap { $0.fields["position"] as? Double }
        #expect(values == values.sorted(), "positions never go back")
        #expect(abs((values.last ?? 0) - duration) < 0.01)
        let span = lines.last!.at - lines.first!.at
        #expect(Double(positions.count) / span >= 10, "\(positions.count) positions in \(span) s")
        // Paced by the real clock: the play lasts about as long as the memo.
        #expect(abs(span - duration) < 0.5, "\(span) s for a \(duration) s memo")
    }

    @Test(
        "the speed shows once, in the row being listened to; 2× plays a memo in about half its length; it is remembered"
    )
    func speed() throws {
        let app = try MemosAppSession()
        let memo = try app.record(seconds: 2)
        let id = try #require(memo["id"] as? String)
        let duration = try #require(memo["duration"] as? Double)
        let other = try app.record(seconds: 1)
        let otherID = try #require(other["id"] as? String)
        #expect(try app.row(id)["speed"] is NSNull, "nothing played yet: no row shows the speed")
        // Listening to the memo shows the speed in its row, and only there.
        let listening = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        try app.waitFor("playback", since: listening) { $0["state"] as? String == "playing" }
        let shown = try app.waitFor("row", since: listening) { $0["id"] as? String == id && !($0["speed"] is NSNull) }
        #expect(try app.row(otherID)["speed"] is NSNull, "the other row shows no speed of its own")
        let speed = try MemosAppSession.point(shown, "speed")
        try app.click(speed)  // 1.5×
        try app.click(speed)  // 2×
        try app.waitFor("playback", timeout: 10, since: listening) { $0["state"] as? String == "ended" }
        #expect(try app.row(id)["speed"] is [String: Any], "still shown in the row last listened to")
        let since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        let playing = try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        try app.waitFor("playback", timeout: 10, since: since) { $0["state"] as? String == "ended" }
        let times = app.timedEvents.dropFirst(since).filter { $0.fields["event"] as? String == "playback" }.map(\.at)
        #expect(playing["id"] as? String == id)
        #expect(abs((times.last! - times.first!) - duration / 2) < 0.4, "\(times.last! - times.first!) s at 2×")
        app.stop()

        // The same configuration directory: the speed comes back.
        let again = try MemosAppSession(scratch: app.scratch)
        defer {
            again.stop()
            again.removeScratch()
        }
        let next = try again.record(seconds: 2)
        let nextID = try #require(next["id"] as? String)
        let nextDuration = try #require(next["duration"] as? Double)
        let start = again.count
        try again.click(MemosAppSession.point(try again.row(nextID), "play"))
        try again.waitFor("playback", timeout: 10, since: start) { $0["state"] as? String == "ended" }
        let span = again.timedEvents.dropFirst(start).filter { $0.fields["event"] as? String == "playback" }.map(\.at)
        #expect(
            abs((span.last! - span.first!) - nextDuration / 2) < 0.4, "remembered 2×: \(span.last! - span.first!) s")
    }

    @Test(
        "pressing on the waveform seeks: before playing, the play starts there; while playing, it plays on from there")
    func seek() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let memo = try app.record(seconds: 2)
        let id = try #require(memo["id"] as? String)
        let duration = try #require(memo["duration"] as? Double)
        let row = try app.row(id)
        let wave = try #require(row["waveform"] as? [String: Double])
        let at = { (fraction: Double) in
            (x: wave["x"]! + fraction * wave["width"]!, y: wave["y"]! + wave["height"]! / 2)
        }

        try app.click(at(0.75))
        var since = app.count
        try app.click(MemosAppSession.point(row, "play"))
        let playing = try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        let start = try #require(playing["position"] as? Double)
        #expect(abs(start - 0.75 * duration) < 0.05 * duration, "started at \(start) of \(duration)")
        try app.waitFor("playback", timeout: 10, since: since) { $0["state"] as? String == "ended" }

        since = app.count
        try app.click(MemosAppSession.point(row, "play"))
        try app.waitFor("playback", since: since) {
            $0["state"] as? String == "position" && ($0["position"] as? Double ?? 0) > 0.5
        }
        try app.click(at(0.25))
        let seeked = try app.waitFor("playback", since: since) { $0["state"] as? String == "seeked" }
        let target = try #require(seeked["position"] as? Double)
        #expect(abs(target - 0.25 * duration) < 0.05 * duration)
        let after = app.count
        let next = try app.waitFor("playback", since: after) { $0["state"] as? String == "position" }
        #expect((next["position"] as? Double ?? 0) >= target, "plays on from the seek")
        #expect((next["position"] as? Double ?? 0) < target + 0.3)
    }

    @Test("playing a second memo stops the first; recording stops what plays before the microphone opens")
    func oneAtATime() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let first = try #require(try app.record(seconds: 2)["id"] as? String)
        let second = try #require(try app.record(seconds: 2)["id"] as? String)
        var since = app.count
        try app.click(MemosAppSession.point(try app.row(first), "play"))
        try app.waitFor("playback", since: since) { $0["state"] as? String == "position" }
        try app.click(MemosAppSession.point(try app.row(second), "play"))
        let stopped = try app.waitFor("playback", since: since) { $0["state"] as? String == "stopped" }
        #expect(stopped["id"] as? String == first)
        let playing = try app.waitFor("playback", since: since) {
            $0["state"] as? String == "playing" && $0["id"] as? String == second
        }
        #expect(playing["id"] as? String == second)
        // Heard: one stream in the sound server, not two.
        #expect(try app.playingStreams().count == 1, "the first memo's stream is gone")

        since = app.count
        try app.record(seconds: 1)
        let lines = app.events(since: since)
        let stopIndex = try #require(
            lines.firstIndex { $0["event"] as? String == "playback" && $0["state"] as? String == "stopped" })
        let holdIndex = try #require(
            lines.firstIndex { $0["event"] as? String == "phase" && $0["phase"] as? String == "holding" })
        #expect(lines[stopIndex]["id"] as? String == second)
        // The model stops playback on the take's first news (holding), before the capture starts.
        #expect(stopIndex == holdIndex + 1, "\(lines.map { $0["event"] ?? "" })")
        // Nothing more is heard of it: no stream is left in the sound server.
        #expect(try app.playingStreams().isEmpty)
        #expect(
            !lines[stopIndex...].contains {
                $0["event"] as? String == "playback" && $0["id"] as? String == second
                    && $0["state"] as? String == "position"
            })
    }
}

extension MemosAppSession {
    /// Every event after the first `since`.
    func events(since: Int) -> [[String: Any]] { timedEvents.dropFirst(since).map(\.fields) }
}
