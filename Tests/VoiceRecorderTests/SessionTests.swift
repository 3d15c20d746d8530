import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// A session on virtual time with the simulated source and counting writers.
private final class Rig {
    let scheduler = VirtualScheduler()
    let writers = CountingWriterFactory()
    let session: Session
    var sent: [Recording] = []
    var cancelled: [DiscardReason] = []
    var events: [SessionEvent] = []

    init(startDelay: Double = 0, failsToStart: Bool = false, durations: Durations = Durations()) {
        session = Session(
            source: SimulatedAudioSource(scheduler: scheduler, startDelay: startDelay, failsToStart: failsToStart),
            writers: writers, scheduler: scheduler, durations: durations)
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
}

@Suite("Session on virtual time (SPEC A.4, A.5, A.6, A.9, A.11)")
struct SessionTests {
    @Test func aHoldOfOneAndAHalfSecondsIsSentWithTwentySamplesASecond() throws {
        let rig = Rig()
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(0.18)
        #expect(rig.session.phase == .holding)
        rig.at(1.0)
        #expect(rig.session.level > 0.3, "the simulated speech is loud in its first phrase")
        rig.at(1.68) { rig.session.handle(.touchUp(.zero)) }
        let recording = try #require(rig.sent.first)
        #expect(abs(recording.duration - 1.5) < 0.001)
        #expect(recording.samples.count == 30)
        #expect(rig.writers.writers.first?.finishCount == 1)
        #expect(rig.session.capturesRunning == 0)
        #expect(rig.session.level == 0)
    }

    @Test("A 6.6 s simulated hold sends the simulated levels back, window by window within 0.03 (SPEC A.10)")
    func simulatedSamplesAreTheSimulatedLevels() throws {
        let rig = Rig()
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(6.78) { rig.session.handle(.touchUp(.zero)) }
        let recording = try #require(rig.sent.first)
        #expect(recording.samples.count == 132)
        for (index, sample) in recording.samples.enumerated() {
            let level = SimulatedTone.windowLevel(index)
            #expect(abs(sample - level) <= 0.03, "window \(index): sent \(sample), level \(level)")
        }
        // Between the first two phrases (1.65–1.9 s) the samples are the quiet hum.
        for index in 33 ..< 38 { #expect(recording.samples[index] <= 0.055) }
    }

    @Test func samplesStopAtOneHundredSixty() throws {
        let rig = Rig()
        rig.at(0) { rig.session.start() }
        rig.at(30) { rig.session.send() }
        let recording = try #require(rig.sent.first)
        #expect(recording.samples.count == 160)
        #expect(abs(recording.duration - 30) < 0.001)
    }

    @Test func theMaximumSendsOnItsOwn() throws {
        let rig = Rig(durations: Durations(maximum: 15))
        rig.at(0) { rig.session.start() }
        rig.at(4.9)
        #expect(!ClockReading(elapsed: rig.session.elapsed, maximum: 15).isCountdown)
        rig.at(5.1)
        #expect(ClockReading(elapsed: rig.session.elapsed, maximum: 15).isCountdown, "the last 10 s count down")
        rig.at(20)
        #expect(rig.sent.count == 1)
        #expect(rig.events.contains(.feedback(.success)))
        #expect(abs(rig.sent[0].duration - 15) < 0.05)
    }

    @Test("Where nothing draws the level the meter is read 5 times a second; the same take, bars and maximum")
    func unseenLiveUpdatesReadTheMeterLessOftenAndSendTheSameTake() throws {
        func take(_ updates: LiveUpdates) throws -> (recording: Recording, levelChanges: Int) {
            let rig = Rig(durations: Durations(maximum: 4))
            rig.session.liveUpdates = updates
            rig.at(0) { rig.session.start() }
            var changes = 0
            var previous = rig.session.level
            for step in 1 ... 90 {
                rig.at(Double(step) / 30)
                if rig.session.level != previous { changes += 1 }
                previous = rig.session.level
            }
            // The maximum ends the take when its last frame is in, not at a reading of the meter.
            rig.at(4.1)
            return (try #require(rig.sent.first, "sent at the maximum"), changes)
        }
        let drawn = try take(.drawn)
        let unseen = try take(.unseen)
        #expect(drawn.levelChanges > 60, "about 30 readings a second: \(drawn.levelChanges) in 3 s")
        #expect((10 ... 15).contains(unseen.levelChanges), "5 readings a second: \(unseen.levelChanges) in 3 s")
        #expect(unseen.recording.duration == drawn.recording.duration)
        #expect(abs(unseen.recording.duration - 4) < 0.05)
        #expect(unseen.recording.samples == drawn.recording.samples)
    }

    @Test func aReleaseDuringASlowStartLeavesNothingRunning() {
        let rig = Rig(startDelay: 2)
        rig.at(0) { rig.session.press() }
        rig.at(0.5) { rig.session.release() }
        #expect(rig.events.contains(.tooShort))
        #expect(rig.cancelled.isEmpty, "too short is silent")
        rig.at(3)
        #expect(rig.session.capturesRunning == 0)
        #expect(rig.writers.writers[0].discardCount == 1)
    }

    @Test func aSlowStartIsNotTooShortWhenTheFingerHeldLongEnough() {
        let rig = Rig(startDelay: 0.9)
        rig.at(0) { rig.session.press() }
        rig.at(1.2) { rig.session.release() }
        #expect(rig.sent.count == 1)
        #expect(abs(rig.sent[0].duration - 0.3) < 0.021)
    }

    /// A microphone that sends its first audio 2 s after the stream opens (a Bluetooth headset switching profile):
    /// a 1 s hold got nothing, and the session says so instead of calling it too short (house issue, point 8).
    @Test func aHoldThatGotNoAudioSaysNoSoundWasRecordedNotTooShort() {
        let rig = Rig(startDelay: 2)
        rig.at(0) { rig.session.press() }
        rig.at(1.1)
        #expect(rig.session.elapsed == 0 && abs(rig.session.clock - 1.1) < 1e-9, "the capsule's clock runs meanwhile")
        rig.at(1.2) { rig.session.release() }
        #expect(!rig.events.contains(.tooShort))
        #expect(
            rig.events.contains(.failure(SessionFailure(.noSound, "No sound was recorded from the microphone"))))
        #expect(rig.session.clock == 0, "at rest")
        #expect(rig.cancelled == [.interrupted])
        #expect(rig.events.contains(.hint(.stopped, text: "Recording stopped")))
        rig.at(3)
        #expect(rig.session.capturesRunning == 0)
        #expect(rig.writers.writers[0].discardCount == 1, "nothing is kept")
    }

    @Test func aFailedStartDiscardsWithRecordingStopped() {
        let rig = Rig(failsToStart: true)
        rig.at(0) { rig.session.start() }
        rig.at(0.1)
        #expect(rig.session.phase == .idle)
        #expect(rig.cancelled == [.interrupted])
        #expect(rig.events.contains(.hint(.stopped, text: "Recording stopped")))
        #expect(rig.writers.writers[0].discardCount == 1)
    }

    @Test func anInterruptedHandsFreeTakeIsKeptAndSendable() throws {
        let rig = Rig()
        rig.at(0) { rig.session.start() }
        rig.at(3) { rig.session.interrupt(.call) }
        #expect(rig.session.phase == .stopped)
        #expect(rig.session.capturesRunning == 0)
        let frozen = rig.session.elapsed
        rig.at(8)
        #expect(rig.session.elapsed == frozen)
        rig.session.send()
        let recording = try #require(rig.sent.first)
        #expect(abs(recording.duration - 3) < 0.021)
    }

    @Test func deletingAStoppedTakeDeletesItsFile() {
        let rig = Rig()
        rig.at(0) { rig.session.start() }
        rig.at(2) { rig.session.interrupt(.mediaReset) }
        #expect(rig.session.phase == .stopped)
        #expect(rig.writers.writers[0].discardCount == 0, "kept while stopped")
        rig.at(3) { rig.session.handle(.key(.escape)) }
        #expect(rig.session.phase == .idle)
        #expect(rig.writers.writers[0].discardCount == 1)
        #expect(rig.cancelled == [.cancelled])
        #expect(rig.sent.isEmpty)
    }

    @Test func aFullDiskStopsTheTakeAndKeepsItsFile() throws {
        let rig = Rig()
        rig.writers.failAppendAfterFrames = 24_000 * 2
        rig.at(0) { rig.session.press() }
        rig.at(3)
        #expect(rig.session.phase == .stopped)
        #expect(rig.events.contains { if case .failure = $0 { true } else { false } })
        rig.session.send()
        let recording = try #require(rig.sent.first)
        #expect(abs(recording.duration - 2) < 0.021)
        #expect(rig.writers.writers[0].discardCount == 0)
    }

    @Test func hintsMeltHomeOnTime() {
        let rig = Rig()
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(0.1) { rig.session.handle(.touchUp(.zero)) }
        #expect(rig.session.hint == .hold)
        rig.at(2.29)
        #expect(rig.session.hint == .hold)
        rig.at(2.31)
        #expect(rig.session.hint == nil)
    }

    @Test func theAccessOffHintStaysFourSeconds() {
        let scheduler = VirtualScheduler()
        let source = CheapAudioSource(scheduler: scheduler)
        source.access = .denied
        let session = Session(source: source, writers: CountingWriterFactory(), scheduler: scheduler)
        session.handle(.touchDown(.zero, fingers: 1))
        scheduler.advance(to: 0.1)
        session.handle(.touchUp(.zero))
        #expect(session.hint == .accessOff)
        scheduler.advance(to: 4.09)
        #expect(session.hint == .accessOff)
        scheduler.advance(to: 4.11)
        #expect(session.hint == nil)
    }

    @Test func aNewTakeSendsTheHintHome() {
        let rig = Rig()
        rig.at(0) { rig.session.handle(.touchDown(.zero, fingers: 1)) }
        rig.at(0.1) { rig.session.handle(.touchUp(.zero)) }
        rig.at(1) { rig.session.start() }
        #expect(rig.session.hint == nil)
    }

    @Test func levelRisesFastAndFallsSlowly() {
        let rig = Rig()
        rig.at(0) { rig.session.start() }
        var previous = 0.0
        var rises = 0
        for step in 1 ... 60 {
            rig.at(Double(step) / 30)
            if rig.session.level > previous { rises += 1 }
            previous = rig.session.level
            #expect((0 ... 1).contains(rig.session.level))
        }
        #expect(rises > 5)
    }
}
