import Foundation

/// Where transcription stands in the app (SPEC E.1): the one job under way, the order the rest wait in, and
/// whether this machine can transcribe at all.
///
/// Order: memos kept while the app runs, in the order they were kept, at once; then every other memo in the list
/// that has no transcript yet, newest first, once the app has been left alone for `MemosTiming.backFillIdle` and the
/// machine is not saving power. Never one in Recently Deleted, one whose file is missing, or one that failed
/// during this run (it is tried again at the next start, at most `TranscriptSummary.maximumAttempts` times in all).
public struct TranscriptQueue: Sendable, Equatable {
    /// The job under way.
    public struct Job: Sendable, Equatable {
        /// Which memo.
        public var memoID: UUID
        /// Which job this is (reports of an earlier one are dropped).
        public var number: Int
        /// How far it is, 0…1.
        public var progress: Double
        /// Held while a take is recorded (the engine gets no CPU then).
        public var isPaused: Bool
    }

    /// The job under way, if any.
    public internal(set) var current: Job?
    /// Whether the app transcribes at all: on once the runtime has a transcriber (`.transcriberAvailable`); off in
    /// a model without one, whose memos simply show what the library holds.
    public internal(set) var isOn = false
    /// Why nothing can be transcribed on this machine (no engine, a damaged model), once the engine said so.
    public internal(set) var unavailable: String?
    /// Memos kept while the app runs, first in line.
    var keptFirst: [UUID] = []
    /// Memos whose job failed during this run: left for the next start.
    var failedThisRun: Set<UUID> = []
    /// Jobs started so far.
    var jobs = 0
    /// Whether the machine is on battery or saving power: older memos wait.
    public internal(set) var isPowerSaving = false

    public init() {}

    /// The memo to transcribe next among `memos` (newest first), if any: with `backFill` off, only memos kept
    /// while the app runs.
    func next(in memos: [Memo], backFill: Bool = true) -> UUID? {
        func wanted(_ memo: Memo) -> Bool {
            !memo.isDeleted && !memo.isMissing && memo.transcript.wantsTranscribing
                && !failedThisRun.contains(memo.id)
        }
        for id in keptFirst {
            if let memo = memos.first(where: { $0.id == id }), wanted(memo) { return id }
        }
        return backFill ? memos.first(where: wanted)?.id : nil
    }
}

/// The search results the list shows for one query (SPEC E.4).
public struct SearchResults: Sendable, Equatable {
    /// The query they answer.
    public var query: String
    /// The memos found, best first.
    public var hits: [SearchHit]
}

/// A memo's transcript as the transcript view shows it.
public struct OpenTranscript: Sendable, Equatable {
    /// Which memo.
    public var memoID: UUID
    /// Its words, once read from the library; nil while they are read, or when it has none.
    public var transcript: Transcript?
    /// Whether it has been read.
    public var isLoaded: Bool
}
