import Foundation
import Synchronization
import VoiceMemos

/// One call a test double received, in the one order all the doubles share: so a test can say "the player was
/// stopped *before* the recorder started".
public enum TestCall: Sendable, Equatable {
    // The library
    case open
    case firstScreen(limit: Int)
    case keep(URL, id: UUID, date: Date, title: String, isRecovered: Bool)
    case rename(UUID, String)
    case setEnhanced(UUID, Bool)
    case delete(UUID, at: Date)
    case restore(UUID)
    case deleteForever(UUID)
    case saveEdit(UUID, kept: [Range<Int>])
    case revert(UUID)
    case undoEdit(UUID)
    case saveTranscript(UUID, words: Int)
    case saveTranscriptFailure(UUID, String)
    // The importer
    case importFile(URL, id: UUID)
    // The transcriber: jobs are numbered from 1 in the order they were started
    case transcribe(URL)
    case pauseTranscription(job: Int)
    case resumeTranscription(job: Int)
    case cancelTranscription(job: Int)
    // The live transcriber: transcripts are numbered from 1 in the order they were started
    case liveTranscriptStart
    case liveTranscriptCancel(Int)
    // The recorder
    case recorderStart
    case recorderSend
    case recorderCancel
    // The player: plays are numbered from 1 in the order they were started
    case play(URL, from: Double, rate: Double, enhanced: Bool = false)
    case playKept(URL, kept: [Range<Int>], from: Double, rate: Double, enhanced: Bool = false)
    case findSilences(URL)
    case stop(play: Int)
    case seek(play: Int, to: Double)
    case setRate(play: Int, Double)
    // Access, settings
    case accessRequested
    case saveSpeed(PlaybackSpeed)
    case saveSkipsSilence(Bool)
    case openSettings
}

/// The calls the test doubles received, in order. Thread-safe: doubles may be called from any thread.
public final class TestCallLog: Sendable {
    private let entries = Mutex<[TestCall]>([])

    public init() {}

    /// Every call so far.
    public var calls: [TestCall] { entries.withLock { $0 } }

    /// The calls since the last `take()`, which forgets them: tests assert step by step on what each step did.
    public func take() -> [TestCall] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }

    func record(_ call: TestCall) { entries.withLock { $0.append(call) } }
}

/// A failure a test double was told to throw.
public struct TestFailure: Error, LocalizedError, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var errorDescription: String? { message }
}
