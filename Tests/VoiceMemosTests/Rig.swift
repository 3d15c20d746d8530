import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// A memos model on test doubles and virtual time, started (the library opened) unless told otherwise.
final class Rig {
    let test: TestDependencies
    let model: MemosModel
    /// Every state `onChange` was told of, in order.
    private(set) var changes: [MemosState] = []

    init(
        memos: [Memo] = [], access: AccessStatus = .granted, speed: PlaybackSpeed = .normal,
        pacing: Double? = nil, opens: Bool = true, transcribes: Bool = false, backFills: Bool = true,
        transcribesLive: Bool = false, setUp: (TestDependencies) -> Void = { _ in }
    ) {
        let test = TestDependencies(
            memos: memos, access: access, speed: speed, transcribes: transcribes, transcribesLive: transcribesLive)
        if let pacing {
            let durations = Dictionary(
                uniqueKeysWithValues: memos.map { (test.library.fileURL(of: $0.id), $0.duration) })
            test.player.pacing = TestPlayer.Pacing(scheduler: test.scheduler, interval: pacing, durations: durations)
        }
        setUp(test)
        self.test = test
        model = MemosModel(dependencies: test.dependencies)
        model.onChange = { [unowned self] in changes.append($0) }
        if opens {
            model.start()
            let calls = test.log.take()
            #expect(calls.first == .open)
            #expect(calls.dropFirst().allSatisfy { if case .transcribe = $0 { true } else { false } })
            // Older memos are transcribed once the app has been left alone (SPEC E.1): a rig that transcribes
            // starts there, and `TranscriptBackFillTests` tells the time before.
            if transcribes, backFills { test.advance(by: MemosTiming.backFillIdle) }
        }
    }

    var state: MemosState { model.state }
    func send(_ action: MemosAction) { model.send(action) }
    /// Moves the clock on, running timers, paced reports and posted answers that fall due.
    func advance(by seconds: Double) { test.advance(by: seconds) }
    /// Runs what was posted (a player's report, an access answer) without moving the clock.
    func runPosted() { test.scheduler.runDue() }
    /// The calls made since the last look.
    func calls() -> [TestCall] { test.log.take() }
    /// Where the library keeps a memo's file.
    func file(_ memo: Memo) -> URL { test.library.fileURL(of: memo.id) }
    /// The date now on the virtual clock.
    var now: Date { test.now }
    /// The last play the player started.
    var playback: TestPlayback { test.player.last! }
}

/// The test memos: `number` n is recorded n hours before the test epoch, so memo 1 is the newest.
func memo(
    _ number: Int, title: String = "", duration: Double = 10, deletedAt: Date? = nil,
    isMissing: Bool = false, transcript: TranscriptSummary = .pending
) -> Memo {
    let epoch = Date(timeIntervalSinceReferenceDate: 800_000_000)
    return Memo(
        id: UUID(uuidString: String(format: "AAAAAAAA-0000-0000-0000-%012d", number))!, title: title,
        date: epoch.addingTimeInterval(Double(-3600 * number)), duration: duration,
        samples: [0.1, 0.5, 0.9], deletedAt: deletedAt, isMissing: isMissing, transcript: transcript)
}

/// A take as the session sends it.
func recording(duration: Double = 2.5, name: String = "voice-take") -> Recording {
    Recording(url: URL(fileURLWithPath: "/test/takes/\(name).m4a"), duration: duration, samples: [0.2, 0.4])
}

/// Whether two positions agree to a microsecond (positions are sums of floating-point steps).
func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
