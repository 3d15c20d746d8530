import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// A take writer that keeps count in memory, and can be told the disk fills after so many frames.
private final class MemoryWriter: TakeWriter, @unchecked Sendable {
    let url = takeFileURL(in: URL(fileURLWithPath: "/test/takes"))
    private let lock = NSLock()
    private var frames = 0
    let failsAfterFrames: Int?

    init(failsAfterFrames: Int?) { self.failsAfterFrames = failsAfterFrames }

    func append(_ samples: [Float]) throws {
        try lock.withLock {
            if let limit = failsAfterFrames, frames + samples.count > limit { throw CocoaError(.fileWriteOutOfSpace) }
            frames += samples.count
        }
    }
    func finish() throws -> Int { lock.withLock { frames } }
    func discard() {}
}

private final class MemoryWriters: TakeWriterFactory, @unchecked Sendable {
    var failsAfterFrames: Int?
    func makeWriter() throws -> TakeWriter { MemoryWriter(failsAfterFrames: failsAfterFrames) }
}

/// The simulated microphone, noting at each capture whether anything was still playing.
private final class WatchedSource: AudioSource, @unchecked Sendable {
    let simulated: SimulatedAudioSource
    let player: TestPlayer
    private(set) var playingWhenCaptureStarted: [Bool] = []

    init(_ simulated: SimulatedAudioSource, player: TestPlayer) {
        self.simulated = simulated
        self.player = player
    }

    func accessStatus() -> AccessStatus { .granted }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
    func makeCapture() throws -> AudioCapture {
        playingWhenCaptureStarted.append(player.playbacks.contains { !$0.isStopped })
        return try simulated.makeCapture()
    }
}

/// The memos model with the real recorder: a `Session` on the simulated voice, on virtual time.
private final class SessionRig {
    let rig: Rig
    let session: Session
    let source: WatchedSource
    let writers = MemoryWriters()
    let recorder: SessionRecorder
    let model: MemosModel

    init(memos: [Memo] = [], failsToStart: Bool = false) {
        rig = Rig(memos: memos, opens: false)
        let test = rig.test
        source = WatchedSource(
            SimulatedAudioSource(scheduler: test.scheduler, failsToStart: failsToStart),
            player: test.player)
        session = Session(source: source, writers: writers, scheduler: test.scheduler)
        recorder = SessionRecorder(session: session)
        var dependencies = test.dependencies
        dependencies.recorder = recorder
        model = MemosModel(dependencies: dependencies)
        model.start()
        _ = test.log.take()
    }
}

@Suite("Voice memos with the real Session on virtual time (SPEC B.2)")
struct SessionRecorderTests {
    @Test func holdingTheControlStopsPlaybackBeforeTheMicrophoneOpensAndKeepsTheTake() throws {
        let playing = memo(1)
        let rigs = SessionRig(memos: [playing])
        let test = rigs.rig.test
        rigs.model.send(.playTapped(playing.id))
        test.advance(by: 1)
        _ = test.log.take()

        let pressedAt = test.now
        rigs.session.press()
        #expect(rigs.source.playingWhenCaptureStarted == [false], "the speaker was silent when the mic opened")
        #expect(test.log.take() == [.stop(play: 1)])
        #expect(rigs.model.state.take?.phase == .holding)
        test.advance(by: 2)
        rigs.session.release()

        let memo = try #require(rigs.model.state.memos.first)
        #expect(memo.id == TestDependencies.uuid(1))
        #expect(memo.date == pressedAt)
        #expect(abs(memo.duration - 2) < 0.021)
        #expect(memo.samples.count == 40, "the waveform the session sent: 20 windows a second")
        #expect(!memo.isRecovered)
        let calls = test.log.take()
        guard case .keep(let url, _, let date, "", false)? = calls.first else {
            Issue.record("kept through the library: \(calls)")
            return
        }
        #expect(url.lastPathComponent.hasPrefix("voice-"))
        #expect(date == pressedAt)
        #expect(rigs.model.state.take == nil)
    }

    @Test func theRecordButtonRecordsAHandsFreeTakeAndASecondTapKeepsIt() throws {
        let rigs = SessionRig()
        rigs.model.send(.recordTapped)
        #expect(rigs.session.phase == .locked)
        rigs.rig.test.advance(by: 3)
        #expect(abs((rigs.model.state.take?.elapsed ?? 0) - 3) < 0.11, "read from the session, 10 times a second")
        rigs.model.send(.recordTapped)
        #expect(rigs.session.phase == .idle)
        let memo = try #require(rigs.model.state.memos.first)
        #expect(abs(memo.duration - 3) < 0.021)
    }

    @Test func aMicrophoneThatFailsToStartShowsTheAlertAndKeepsNothing() {
        let rigs = SessionRig(failsToStart: true)
        rigs.model.send(.recordTapped)
        rigs.rig.test.advance(by: 0.1)
        #expect(rigs.model.state.alert == .recordingFailed)
        #expect(rigs.model.state.take == nil)
        #expect(rigs.model.state.memos.isEmpty)
        #expect(rigs.rig.test.log.take().isEmpty)
    }

    @Test func aFullDiskKeepsWhatWasRecordedAsARecoveredMemo() throws {
        let rigs = SessionRig()
        rigs.writers.failsAfterFrames = 24_000 * 2
        rigs.model.send(.recordTapped)
        rigs.rig.test.advance(by: 3)
        #expect(rigs.model.state.alert == .recordingFailed)
        #expect(rigs.session.phase == .idle, "sent, not left stopped")
        let memo = try #require(rigs.model.state.memos.first)
        #expect(memo.isRecovered)
        #expect(abs(memo.duration - 2) < 0.021, "the two seconds the disk took")
    }

    @Test func theRecorderIsOneObserverAmongOthersAndHearsAfterThoseBeforeIt() {
        let scheduler = VirtualScheduler()
        let session = Session(source: .simulated(scheduler), writers: MemoryWriters(), scheduler: scheduler)
        let order = Heard()
        session.events.observe { event in order.order.append("control \(Self.name(event))") }  // the widget's, say
        let recorder = SessionRecorder(session: session)
        recorder.setReportHandler { report in
            if case .phase(let phase) = report { order.order.append("model \(phase)") }
            if case .sent = report { order.order.append("model sent") }
        }
        session.events.observe { event in order.order.append("app \(Self.name(event))") }
        session.start()
        scheduler.advance(to: 1)
        session.send()
        let locked = order.order.prefix(3)
        #expect(Array(locked) == ["control locked", "model locked", "app locked"])
        #expect(order.order.contains { $0.hasPrefix("model sent") })
        #expect(order.order.contains { $0.hasPrefix("app sent") })
    }

    private static func name(_ event: SessionEvent) -> String {
        switch event {
        case .phase(let phase): "\(phase)"
        case .sent: "sent"
        default: "other"
        }
    }

    @Test func settingTheHandlerAgainReplacesItAndAGoneRecorderStopsObserving() {
        let scheduler = VirtualScheduler()
        let session = Session(source: .simulated(scheduler), writers: MemoryWriters(), scheduler: scheduler)
        let first = Heard()
        let second = Heard()
        var recorder: SessionRecorder? = SessionRecorder(session: session)
        recorder?.setReportHandler { first.reports.append($0) }
        recorder?.setReportHandler { second.reports.append($0) }
        #expect(session.events.observerCount == 1)
        session.start()
        #expect(first.reports.isEmpty)
        #expect(second.reports.first == .phase(.locked))
        recorder = nil
        #expect(session.events.observerCount == 0)
        session.cancel()
    }

    @Test func sessionEventsMapToReports() {
        let take = Recording(url: URL(fileURLWithPath: "/t.m4a"), duration: 1, samples: [])
        #expect(SessionRecorder.report(for: .phase(.stopped)) == .phase(.stopped))
        #expect(SessionRecorder.report(for: .sent(take, atMaximum: true)) == .sent(take))
        #expect(SessionRecorder.report(for: .tooShort) == .cancelled(.tooShort))
        #expect(SessionRecorder.report(for: .cancelled(.interrupted)) == .cancelled(.interrupted))
        #expect(SessionRecorder.report(for: .failure("x")) == .failed("x"))
        let silent = SessionFailure(.noSound, "No sound was recorded from USB Headset")
        #expect(SessionRecorder.report(for: .failure(silent)) == .noSound("No sound was recorded from USB Headset"))
        #expect(SessionRecorder.report(for: .hint(.accessOff, text: "Microphone access is off")) == .accessRefused)
        #expect(SessionRecorder.report(for: .hint(.hold, text: "Hold to record, release to send")) == nil)
        #expect(SessionRecorder.report(for: .feedback(.light)) == nil)
    }
}

private final class Heard: @unchecked Sendable {
    var order: [String] = []
    var reports: [RecorderReport] = []
}
