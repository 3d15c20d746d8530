import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// A session with preview on, on virtual time, with the simulated source, counting writers and a recording player.
private final class PreviewRig {
    let scheduler = VirtualScheduler()
    let writers: TakeWriterFactory
    let counting = CountingWriterFactory()
    let players = RecordingPlayers()
    let session: Session
    var sent: [Recording] = []
    var cancelled: [DiscardReason] = []
    var events: [SessionEvent] = []

    init(
        preview: Bool = true, writers: TakeWriterFactory? = nil, players: TakePlayers? = nil,
        durations: Durations = Durations()
    ) {
        self.writers = writers ?? counting
        session = Session(
            source: SimulatedAudioSource(scheduler: scheduler), writers: self.writers,
            scheduler: scheduler, durations: durations, preview: preview,
            players: players ?? self.players)
        session.events.observe { [unowned self] event in
            events.append(event)
            switch event {
            case .sent(let recording, _): sent.append(recording)
            case .cancelled(let reason): cancelled.append(reason)
            default: break
            }
        }
    }

    func at(_ time: Double, _ action: () -> Void = {}) {
        scheduler.advance(to: time)
        action()
    }

    var writer: CountingWriter { counting.writers[0] }
    var frameSeconds: Double { 1 / Double(AudioFormat.sampleRate) }
}

@Suite("Session: pause and preview (SPEC D.2–D.7)")
struct SessionPreviewTests {
    @Test func withPreviewOffTheNewCallsAreIgnored() {
        let rig = PreviewRig(preview: false)
        rig.at(0) { rig.session.start() }
        rig.at(2) {
            rig.session.pause()
            rig.session.play()
            rig.session.trim(start: 0.5, end: 1)
            rig.session.seek(to: 1)
        }
        #expect(rig.session.phase == .locked)
        #expect(rig.session.playhead == nil && rig.session.keptRange == nil)
        #expect(rig.writer.flushCount == 0)
        #expect(rig.session.capturesRunning == 1)
    }

    @Test func pausingStopsCaptureAndKeepsTheTakesFileOpenAndFlushed() {
        let rig = PreviewRig()
        rig.at(0) { rig.session.start() }
        rig.at(3) { rig.session.pause() }
        #expect(rig.session.phase == .paused)
        #expect(rig.session.capturesRunning == 0)
        #expect(rig.writer.flushCount == 1)
        #expect(rig.writer.finishCount == 0 && rig.writer.discardCount == 0)
        let length = Double(rig.writer.frames) / Double(AudioFormat.sampleRate)
        #expect(rig.session.keptRange == KeptRange(start: 0, end: length), "the file's length, not the clock's")
        #expect(abs(length - 3) < 0.021)
        #expect(
            rig.session.windows.count == rig.writer.frames / AudioFormat.framesPerWindow,
            "the whole take's windows, for its waveform")
        rig.at(20)
        #expect(rig.session.elapsed == length, "paused, the clock shows the take's length")
        #expect(rig.session.level == 0)
    }

    @Test func resumingAppendsToTheSameFileAndTheClockGoesOn() throws {
        let rig = PreviewRig()
        rig.at(0) { rig.session.start() }
        rig.at(2) { rig.session.pause() }
        let firstPart = rig.writer.frames
        rig.at(10) { rig.session.resume() }
        #expect(rig.session.phase == .locked)
        rig.at(11)
        #expect(abs(rig.session.elapsed - 3) < 0.05, "2 s before the pause and 1 s after")
        rig.at(12) { rig.session.send() }
        #expect(rig.counting.writers.count == 1, "one take, one file")
        #expect(rig.writer.frames > firstPart)
        let recording = try #require(rig.sent.first)
        #expect(abs(recording.duration - 4) < 0.05)
        #expect(recording.keptFrames == nil)
        #expect(rig.session.capturesRunning == 0)
    }

    @Test func sendingATrimmedTakeTellsTheWriterTheKeptFramesAndSendsOnlyThem() throws {
        let rig = PreviewRig()
        rig.at(0) { rig.session.start() }
        rig.at(4) { rig.session.pause() }
        rig.at(5) { rig.session.trim(start: 0.5, end: 2.5) }
        #expect(rig.session.keptRange == KeptRange(start: 0.5, end: 2.5))
        rig.at(6) { rig.session.send() }
        let recording = try #require(rig.sent.first)
        #expect(rig.writer.keptFrames == 12_000 ..< 60_000)
        #expect(recording.keptFrames == 12_000 ..< 60_000)
        #expect(abs(recording.duration - 2) <= rig.frameSeconds)
        #expect(recording.samples.count == 40, "that range's 50 ms windows")
        #expect(rig.events.contains(.sent(recording, atMaximum: false)))
        #expect(rig.writer.finishCount == 1 && rig.writer.discardCount == 0)
    }

    @Test func aWriterThatCannotCutIsDeletedRatherThanSentWhole() {
        let factory = UncuttableWriters()
        let rig = PreviewRig(writers: factory)
        rig.at(0) { rig.session.start() }
        rig.at(3) { rig.session.pause() }
        rig.at(4) {
            rig.session.trim(start: 1, end: 2)
            rig.session.send()
        }
        #expect(rig.sent.isEmpty)
        #expect(factory.made.first?.discarded == true)
        #expect(rig.cancelled == [.interrupted])
        #expect(
            rig.events.contains {
                guard case .failure(let failure) = $0 else { return false }
                return failure.kind == .file && failure.message.contains("deleted rather than sent whole")
            })
    }

    @Test func listeningPlaysTheTakesFileThroughThePlayer() throws {
        let rig = PreviewRig()
        rig.at(0) { rig.session.start() }
        rig.at(4) { rig.session.pause() }
        rig.at(5) { rig.session.trim(start: 1, end: 3) }
        rig.at(6) { rig.session.play() }
        let first = try #require(rig.players.playbacks.first)
        #expect(first.url == rig.writer.url && first.from == 1 && first.until == 3)
        #expect(rig.session.isListening)
        #expect(rig.events.contains(.listening(true)))
        rig.at(6.5)
        #expect(abs((rig.session.playhead ?? 0) - 1.5) < 1e-9)

        rig.at(7) { rig.session.seek(to: 2.5) }
        #expect(first.wasStopped, "a seek while playing replaces the playback")
        let second = try #require(rig.players.playbacks.last)
        #expect(second.from == 2.5 && second.until == 3)
        first.report(.reachedEnd)  // old news
        rig.at(7.1)
        #expect(rig.session.isListening)
        second.report(.position(2.55))
        rig.at(7.2)
        #expect(abs((rig.session.playhead ?? 0) - 2.65) < 1e-9, "the player's position leads")
        second.report(.reachedEnd)
        rig.at(7.3)
        #expect(!rig.session.isListening)
        #expect(rig.session.playhead == 1, "back at the kept range's start")
        #expect(rig.events.filter { $0 == .listening(false) }.count == 1)
        #expect(rig.players.playing == 0)
    }

    @Test func resumingOrSendingStopsTheListening() {
        let rig = PreviewRig()
        rig.at(0) { rig.session.start() }
        rig.at(3) { rig.session.pause() }
        rig.at(4) { rig.session.play() }
        rig.at(4.5) { rig.session.resume() }
        #expect(rig.players.playing == 0)
        rig.at(6) { rig.session.pause() }
        rig.at(7) { rig.session.play() }
        rig.at(7.5) { rig.session.send() }
        #expect(rig.players.playing == 0)
        #expect(rig.sent.count == 1)
    }

    @Test func withoutAPlayerTheClockPlaysSilently() {
        let scheduler = VirtualScheduler()
        let session = Session(
            source: SimulatedAudioSource(scheduler: scheduler), writers: CountingWriterFactory(),
            scheduler: scheduler, preview: true)
        session.start()
        scheduler.advance(to: 2)
        session.pause()
        session.play()
        scheduler.advance(to: 3)
        #expect(session.isListening)
        #expect(abs((session.playhead ?? 0) - 1) < 0.04)
        scheduler.advance(to: 4.5)
        #expect(!session.isListening, "the end of the take ends the listening")
        #expect(session.playhead == 0)
    }

    @Test func aHeldTakeThatACallEndsIsKeptPausedAndSendable() throws {
        let rig = PreviewRig()
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(2.18) { rig.session.interrupt(.call) }
        #expect(rig.session.phase == .paused)
        #expect(rig.cancelled.isEmpty)
        #expect(rig.events.contains(.hint(.stopped, text: "Recording stopped")))
        #expect(rig.writer.discardCount == 0)
        rig.at(3) { rig.session.handle(.key(.returnKey)) }
        let recording = try #require(rig.sent.first)
        #expect(abs(recording.duration - 2) < 0.021)
    }

    @Test func aPauseBubbleClickAndThePlayButtonDriveTheSession() {
        let rig = PreviewRig()
        rig.at(0) { rig.session.start() }
        rig.at(2) { rig.session.handle(PreviewInput.click(.pauseBubble)) }
        #expect(rig.session.phase == .paused)
        rig.at(3) { rig.session.handle(PreviewInput.click(.playButton)) }
        #expect(rig.session.isListening)
        rig.session.setWaveformTrack(WaveformTrack(minX: 0, maxX: 200))
        rig.at(3.5) { rig.session.handle(PreviewInput.dragBegan(.endHandle, x: 150)) }
        #expect(abs((rig.session.keptRange?.end ?? 0) - 1.5) < 0.02)
        rig.at(4) { rig.session.handle(PreviewInput.click(.pauseBubble)) }
        #expect(rig.session.phase == .locked)
    }
}

/// Writers that cannot cut a take (they rely on `TakeWriter`'s default `finish(keeping:)`).
private final class UncuttableWriters: TakeWriterFactory, @unchecked Sendable {
    final class Writer: TakeWriter, @unchecked Sendable {
        let url = takeFileURL(in: URL(fileURLWithPath: "/test"))
        var discarded = false
        func append(_ samples: [Float]) throws {}
        func finish() throws -> Int { 0 }
        func discard() { discarded = true }
    }
    var made: [Writer] = []
    func makeWriter() throws -> TakeWriter {
        let writer = Writer()
        made.append(writer)
        return writer
    }
}
