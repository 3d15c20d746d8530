import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// A session with cheap captures on virtual time, to watch which capture a take records with.
private final class PreparingRig {
    let scheduler = VirtualScheduler()
    let source: CheapAudioSource
    let writers = CountingWriterFactory()
    let session: Session
    var events: [SessionEvent] = []

    init(access: AccessStatus = .granted, startDelay: Double = 0) {
        source = CheapAudioSource(scheduler: scheduler)
        source.access = access
        source.startDelay = startDelay
        session = Session(source: source, writers: writers, scheduler: scheduler)
        session.events.observe { [unowned self] in events.append($0) }
    }

    func at(_ time: Double, _ action: () -> Void = {}) {
        scheduler.advance(to: time)
        action()
    }
}

@Suite("The capture opened at touch-down (SPEC A.2, A.11)")
struct SessionPreparedCaptureTests {
    @Test func aTouchDownOpensOneCaptureWithoutRecordingAndTheHoldStartsThatCapture() throws {
        let rig = PreparingRig()
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(0.1)
        let prepared = try #require(rig.source.captures.first)
        #expect(rig.source.captures.count == 1 && prepared.isWaitingPrepared, "opened paused at touch-down")
        #expect(rig.writers.writers.isEmpty, "no file before the hold")
        #expect(rig.session.capturesRunning == 0 && rig.session.phase == .idle && rig.session.elapsed == 0)

        rig.at(0.18)
        #expect(rig.session.phase == .holding)
        #expect(rig.source.captures.count == 1, "the hold records with the prepared capture, not a new one")
        #expect(prepared.wasStarted && prepared.isRunning)
        #expect(!rig.session.isCapturePrepared)
        #expect(rig.writers.writers.count == 1)

        rig.at(1.5) { rig.session.handle(.touchUp(.zero)) }
        #expect(prepared.wasStopped && rig.session.capturesRunning == 0)
        #expect(rig.writers.writers.first?.finishCount == 1)
    }

    @Test func elapsedStillCountsFromTheFirstAudioOfAPreparedCapture() {
        let rig = PreparingRig(startDelay: 0.3)
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(0.4)
        #expect(rig.session.phase == .holding && rig.session.elapsed == 0, "no audio until 0.48")
        rig.at(0.58)
        #expect(abs(rig.session.elapsed - 0.1) < 1e-9)
    }

    @Test(arguments: ["tap", "scroll", "touch cancelled", "space tapped"])
    func aPressThatDoesNotBecomeAHoldClosesItsCaptureAndRecordsNothing(ending: String) throws {
        let rig = PreparingRig()
        rig.at(0) {
            rig.session.handle(ending == "space tapped" ? .key(.spaceDown) : .touchDown(.zero, fingers: 1))
        }
        #expect(rig.session.isCapturePrepared)
        rig.at(0.1) {
            switch ending {
            case "tap": rig.session.handle(.touchUp(.zero))
            case "scroll": rig.session.handle(.touchMove(Point(x: 0, y: 40)))
            case "touch cancelled": rig.session.handle(.touchCancel)
            default: rig.session.handle(.key(.spaceUp))
            }
        }
        let prepared = try #require(rig.source.captures.first)
        #expect(prepared.wasStopped && !prepared.wasStarted, "closed without ever recording")
        #expect(!rig.session.isCapturePrepared)
        rig.at(1)
        #expect(rig.source.captures.count == 1 && rig.writers.writers.isEmpty, "no file, no other capture")
        #expect(rig.session.machine.take == 0, "no take was numbered")
        #expect(rig.session.phase == .idle && rig.session.capturesRunning == 0)
    }

    @Test(arguments: [AccessStatus.undetermined, .denied])
    func withoutAccessATouchDownOpensNothing(access: AccessStatus) {
        let rig = PreparingRig(access: access)
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        #expect(rig.source.captures.isEmpty && !rig.session.isCapturePrepared)
        rig.at(0.1) { rig.session.handle(.touchUp(.zero)) }
        #expect(rig.source.captures.isEmpty)
    }

    @Test func aTakeBegunFromCodeConnectsItsCaptureBeforeItsFileIsMade() throws {
        let scheduler = VirtualScheduler()
        let source = CheapAudioSource(scheduler: scheduler)
        let writers = OrderCheckingWriters(source: source)
        let session = Session(source: source, writers: writers, scheduler: scheduler)
        session.press()
        let capture = try #require(source.captures.first)
        #expect(source.captures.count == 1 && capture.wasStarted)
        #expect(writers.captureWasPreparedFirst == [true], "connecting while the file is made")
    }

    @Test func aFileThatCannotBeMadeClosesTheCaptureOpenedForIt() throws {
        let scheduler = VirtualScheduler()
        let source = CheapAudioSource(scheduler: scheduler)
        let session = Session(source: source, writers: NoWriters(), scheduler: scheduler)
        session.press()
        scheduler.advance(to: 0.1)
        let capture = try #require(source.captures.first)
        #expect(capture.wasStopped && !capture.wasStarted)
        #expect(session.phase == .idle && session.capturesRunning == 0)
    }

    @Test func aPressOnTheSendButtonWhileHandsFreePreparesNothing() {
        let rig = PreparingRig()
        rig.at(0) { rig.session.start() }
        rig.at(1) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        #expect(rig.source.captures.count == 1 && !rig.session.isCapturePrepared)
    }

    @Test func aSessionLetGoWhilePreparedClosesItsCapture() throws {
        let scheduler = VirtualScheduler()
        let source = CheapAudioSource(scheduler: scheduler)
        var session: Session? = Session(source: source, writers: CountingWriterFactory(), scheduler: scheduler)
        session?.handle(.touchDown(.zero, fingers: 1))
        let prepared = try #require(source.captures.first)
        #expect(prepared.isWaitingPrepared)
        session = nil
        #expect(prepared.wasStopped)
    }
}

/// Counting writers that note, as each is made, whether the take's capture was already asked to connect.
private final class OrderCheckingWriters: TakeWriterFactory, @unchecked Sendable {
    let source: CheapAudioSource
    let writers = CountingWriterFactory()
    private(set) var captureWasPreparedFirst: [Bool] = []
    init(source: CheapAudioSource) { self.source = source }
    func makeWriter() throws -> TakeWriter {
        captureWasPreparedFirst.append(source.captures.last?.wasPrepared ?? false)
        return try writers.makeWriter()
    }
}
