/// What a memo's row knows of its transcript without loading it (SPEC E.2, E.3): where it stands and its first
/// words. The whole transcript, with its word times, is read only when a memo's transcript is opened or searched.
public struct TranscriptSummary: Sendable, Equatable {
    /// As stored: `pending` (no job has finished yet), `done`, `none` or `failed`. The live states (`transcribing`,
    /// `unavailable`) are the queue's, never stored.
    public var state: TranscriptState
    /// The transcript's text from its start, at most `firstWordsLength` characters: the row's first line and the
    /// untitled memo's placeholder. Empty unless `state` is `done`.
    public var firstWords: String
    /// How many jobs have failed on this memo (each start retries one that failed, until `maximumAttempts`).
    public var failedAttempts: Int

    /// How many characters of the text a row carries: enough for one line and for the placeholder title (about
    /// 40), little enough that 10,000 memos hold under a megabyte of it.
    public static let firstWordsLength = 80
    /// A memo whose file can't be transcribed is tried at most this often: the first time and twice again at the
    /// next starts (SPEC E.2).
    public static let maximumAttempts = 3

    /// A memo with no transcript yet.
    public static let pending = TranscriptSummary(state: .pending)

    public init(state: TranscriptState, firstWords: String = "", failedAttempts: Int = 0) {
        self.state = state
        self.firstWords = firstWords
        self.failedAttempts = failedAttempts
    }

    /// The summary of a transcript just made.
    public init(_ transcript: Transcript) {
        self.init(
            state: transcript.isEmpty ? .none : .done,
            firstWords: String(transcript.text.prefix(Self.firstWordsLength)))
    }

    /// Whether the queue has a job for it at a start: never transcribed, or failed fewer than `maximumAttempts`
    /// times.
    public var wantsTranscribing: Bool {
        switch state {
        case .pending: true
        case .failed: failedAttempts < Self.maximumAttempts
        case .transcribing, .done, .none, .unavailable: false
        }
    }
}
