import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder

/// Every dependency as a test double, on one virtual clock, sharing one call log:
///
/// ```swift
/// let test = TestDependencies(memos: [memo])
/// let model = MemosModel(dependencies: test.dependencies)
/// model.start()
/// model.send(.playTapped(memo.id))
/// test.advance(by: 1)
/// #expect(test.log.take() == [.open, .play(test.library.fileURL(of: memo.id), from: 0, rate: 1)])
/// ```
///
/// The date is the clock's: `epoch` plus the virtual seconds, so moving the clock 30 days moves the date 30 days.
/// `@unchecked Sendable`: its `var`s are set and read on the test's thread only (the virtual clock's owner)
public final class TestDependencies: @unchecked Sendable {
    public let scheduler: VirtualScheduler
    public let log = TestCallLog()
    public let library: TestLibrary
    /// The library's calls run at once unless held (`work.hold()`).
    public let work = TestBackgroundWork()
    public let recorder: TestRecorder
    public let player: TestPlayer
    public let transcriber: TestTranscriber
    /// Whether the model is given the transcriber (`init(transcribes:)`); without it, it makes no transcripts.
    public let transcribes: Bool
    public let access: TestAccess
    public let settings: TestSettings
    /// Imports dropped files into `library`.
    public let importer: TestImporter
    public let liveTranscriber: TestLiveTranscriber
    /// Whether the model is given the live transcriber (`init(transcribesLive:)`); without it, a take shows no words.
    public let transcribesLive: Bool
    /// The date at virtual time 0.
    public let epoch: Date
    /// Opening the settings throws this text, when set.
    public var openSettingsFailure: String?
    /// The locale and time zone placeholders use.
    public var locale = Locale(identifier: "en_US")
    public var timeZone = TimeZone(identifier: "UTC")!

    private let uuids = Counter()

    public init(
        memos: [Memo] = [], access: AccessStatus = .granted, speed: PlaybackSpeed = .normal,
        epoch: Date = Date(timeIntervalSinceReferenceDate: 800_000_000), start: Double = 0, transcribes: Bool = false,
        transcribesLive: Bool = false
    ) {
        self.transcribes = transcribes
        self.transcribesLive = transcribesLive
        liveTranscriber = TestLiveTranscriber(log: log)
        scheduler = VirtualScheduler(start: start)
        self.epoch = epoch
        library = TestLibrary(memos: memos, log: log)
        recorder = TestRecorder(log: log)
        player = TestPlayer(log: log)
        transcriber = TestTranscriber(log: log)
        self.access = TestAccess(access, log: log)
        settings = TestSettings(speed: speed, log: log)
        importer = TestImporter(library: library, epoch: epoch, log: log)
    }

    /// The UUIDs handed out, in order: 00000000-0000-0000-0000-000000000001, …2, …
    public static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
    }

    /// The date at virtual time `seconds`.
    public func date(at seconds: Double) -> Date { epoch.addingTimeInterval(seconds) }

    /// The date now, on the virtual clock.
    public var now: Date { date(at: scheduler.now) }

    /// Moves the virtual clock on by `seconds`, running what falls due.
    public func advance(by seconds: Double) { scheduler.advance(to: scheduler.now + seconds) }

    /// The dependencies to give a `MemosModel`.
    public var dependencies: Dependencies {
        let scheduler = self.scheduler
        let epoch = self.epoch
        let uuids = self.uuids
        let log = self.log
        return Dependencies(
            scheduler: scheduler,
            date: { epoch.addingTimeInterval(scheduler.now) },
            uuid: { TestDependencies.uuid(uuids.next()) },
            library: library, work: work, recorder: recorder, player: player,
            transcriber: transcribes ? transcriber : nil,
            access: access, settings: settings,
            openSettings: { [weak self] in
                log.record(.openSettings)
                if let failure = self?.openSettingsFailure { throw TestFailure(failure) }
            },
            locale: locale, timeZone: timeZone, importer: importer,
            liveTranscriber: transcribesLive ? liveTranscriber : nil)
    }
}

/// A thread-safe count for the UUIDs.
private final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
