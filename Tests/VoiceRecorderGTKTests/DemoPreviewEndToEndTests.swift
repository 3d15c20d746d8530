import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// `voicerecorder-demo --simulated --preview` in a real X server, driven by xdotool like a person with a mouse
/// (SPEC D): lock, pause from the bubble, listen, trim both ends with the handles, send; the sent file is decoded.
@Suite("voicerecorder-demo under Xvfb: pause and preview", .serialized)
struct DemoPreviewEndToEndTests {
    /// Presses at `from`, drags `dx` pixels along in eight even moves like a finger, and lifts.
    private func drag(_ demo: DemoSession, from: DemoSession.Point, dx: Int) throws {
        let x = from.x.rounded()
        try demo.press(at: (x, from.y))
        try demo.move(through: (1 ... 8).map { step in (x + Double(dx * step / 8), from.y) })
        try demo.release()
    }

    @Test("lock, pause, play, trim both ends, send: the file holds the kept range")
    func pauseListenTrimSend() throws {
        let demo = try DemoSession(arguments: ["--preview"], sound: .privateServer)
        defer { demo.stop() }
        try demo.lockHandsFree()
        // A take of more than 2 s, to trim.
        try demo.waitUntilRecorded(2.2)

        // The pause bubble: 0.8 × side across, 4 pt above the swollen send button (SPEC D.1).
        let side = demo.control.side
        let bubble = (x: demo.mic.x, y: demo.mic.y - 0.55 * side - 4 - 0.4 * side)
        var since = demo.events.count
        try demo.click(x: bubble.x, y: bubble.y)
        try demo.waitFor("phase", since: since) { $0["phase"] as? String == "paused" }
        #expect(demo.events("feedback").contains { $0["kind"] as? String == "selection" })
        let paused = try demo.waitFor("preview", since: since)
        #expect(demo.takeFiles.count == 1, "the paused take's file stays")
        let length = try #require(paused["length"] as? Double)
        #expect(length > 2, "recorded \(length) s")
        let play = try DemoSession.point(paused, "play")
        let start = try DemoSession.point(paused, "startHandle")
        let end = try DemoSession.point(paused, "endHandle")
        let waveform = try #require(paused["waveform"] as? [String: Any])
        let waveX = try #require(waveform["x"] as? Double)
        let waveWidth = try #require(waveform["width"] as? Double)
        #expect(abs(start.x - waveX) < 1 && abs(end.x - (waveX + waveWidth)) < 1, "the handles sit at the ends")

        // Listen a moment, then stop listening.
        since = demo.events.count
        try demo.click(x: play.x, y: play.y)
        try demo.waitFor("listening", since: since) { $0["listening"] as? Bool == true }
        // The playhead moves with the time listened: that time is the point.
        demo.letTimePass(0.4)
        since = demo.events.count
        try demo.click(x: play.x, y: play.y)
        let stopped = try demo.waitFor("preview", since: since) { $0["listening"] as? Bool == false }
        #expect((stopped["playhead"] as? Double ?? 0) > 0.2, "the playhead moved while listening")

        // Trim: the start handle 40 px in, the end handle 30 px in.
        try drag(demo, from: start, dx: 40)
        try drag(demo, from: end, dx: -32)

        // Listening again says the kept range; then send it.
        since = demo.events.count
        try demo.click(x: play.x, y: play.y)
        let listening = try demo.waitFor("preview", since: since) { $0["listening"] as? Bool == true }
        let kept = try #require(listening["kept"] as? [String: Any])
        let keptStart = try #require(kept["start"] as? Double)
        let keptEnd = try #require(kept["end"] as? Double)
        let expectedStart = (start.x.rounded() + 40 - waveX) / waveWidth * length
        let expectedEnd = (end.x.rounded() - 32 - waveX) / waveWidth * length
        #expect(abs(keptStart - expectedStart) < 0.05, "kept from \(keptStart) s, dragged to \(expectedStart) s")
        #expect(abs(keptEnd - expectedEnd) < 0.05, "kept to \(keptEnd) s, dragged to \(expectedEnd) s")
        try demo.click(x: demo.mic.x, y: demo.mic.y)

        let sent = try demo.waitFor("sent")
        let url = URL(fileURLWithPath: try #require(sent["url"] as? String))
        let (_, frames) = try AudioFileReader.decode(url) { _ in }
        let seconds = Double(frames) / 24_000
        let keptDuration = keptEnd - keptStart
        // Within one AAC frame (1024 samples at 24 kHz) of the kept range.
        #expect(abs(seconds - keptDuration) <= 1024 / 24_000, "decoded \(seconds) s, kept \(keptDuration) s")
        #expect(abs((sent["duration"] as? Double ?? 0) - keptDuration) <= 1024 / 24_000)
        #expect(demo.events("sent").count == 1)
    }

    @Test("listening plays the take through the sound server: a stream of the demo's while playing, none after")
    func listeningIsHeard() throws {
        let demo = try DemoSession(arguments: ["--preview"], sound: .privateServer)
        defer { demo.stop() }
        let server = try #require(demo.soundServer)
        let paused = try demo.lockAndPause(recording: 2.5)
        #expect(try server.playingStreams().isEmpty, "nothing plays while paused")

        let play = try DemoSession.point(paused, "play")
        var since = demo.events.count
        try demo.click(x: play.x, y: play.y)
        try demo.waitFor("listening", since: since) { $0["listening"] as? Bool == true }
        var streams: [String] = []
        _ = wait(timeout: 3, interval: 0.05) {
            streams = (try? server.playingStreams()) ?? []
            return !streams.isEmpty
        }
        #expect(streams.count == 1, "one stream while listening: \(streams)")
        #expect(streams.first?.contains("application.name = \"Voice Recorder\"") == true, "\(streams)")
        // The position heard moves on with the sound server's clock: the time listened is the point.
        demo.letTimePass(0.6)
        since = demo.events.count
        try demo.click(x: play.x, y: play.y)
        let stopped = try demo.waitFor("preview", since: since) { $0["listening"] as? Bool == false }
        #expect((stopped["playhead"] as? Double ?? 0) > 0.3, "\(stopped)")
        var gone = false
        _ = wait(timeout: 3, interval: 0.05) {
            gone = (try? server.playingStreams().isEmpty) ?? false
            return gone
        }
        #expect(gone, "the stream ends when listening stops")
    }
}
