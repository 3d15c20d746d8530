import Foundation
import VoiceRecorder

/// Everything the Voice Memos window shows, as a value (SPEC B). The `MemosMachine` changes it; front ends draw it.
public struct MemosState: Sendable, Equatable {
    /// Whether the library is open.
    public enum LibraryStatus: Sendable, Equatable {
        /// Not asked to open yet.
        case closed
        /// Opening (the start-up check and recovery run).
        case opening
        /// Showing the newest memos (the first screen) while the rest, and the start-up check with its repairs,
        /// are read: memos can already be recorded and played.
        case firstScreen
        /// Open: memos can be recorded, played, renamed and deleted.
        case open
        /// It could not be opened; the text says why and names the file (SPEC B.8). Nothing can be recorded.
        case failed(String)

        /// Whether memos can be recorded and kept: the library is open, or showing its first screen.
        public var isUsable: Bool { self == .open || self == .firstScreen }
    }

    /// The take the recorder is on, as the recorder reports it.
    public struct Take: Sendable, Equatable {
        /// `holding`, `locked` or `stopped` as the session is; `idle` once it ended, until it is sent or discarded.
        public var phase: Phase
        /// When it started recording: the date the memo will carry.
        public var startedAt: Date
        /// Seconds recorded, as the recorder last said.
        public var elapsed: Double
        /// Something failed while recording: what it holds will be kept as a recovered memo.
        public var hasFailed: Bool
        /// Its words so far, as they are said (SPEC K); nil when there is no live transcript (no speech engine, or
        /// one that gave up): the take records on as before and nothing more is shown.
        public var liveTranscript: LiveTranscript?
        /// Which take this is, for the live transcript's reports (a late report of an earlier take is dropped).
        public var number: Int

        public init(
            phase: Phase, startedAt: Date, elapsed: Double = 0, hasFailed: Bool = false,
            liveTranscript: LiveTranscript? = nil, number: Int = 0
        ) {
            self.phase = phase
            self.startedAt = startedAt
            self.elapsed = elapsed
            self.hasFailed = hasFailed
            self.liveTranscript = liveTranscript
            self.number = number
        }
    }

    /// The memo that is playing, and where.
    public struct Playback: Sendable, Equatable {
        /// Which memo.
        public var memoID: UUID
        /// Seconds into it, as the player last reported (or where it started or was moved to).
        public var position: Double
        /// Its length in seconds.
        public var duration: Double
        /// Which play this is; reports of earlier plays are dropped.
        public internal(set) var tag: PlaybackTag
        /// The pauses skipped while it plays (SPEC I.2); nil when it plays whole. The player counts in played time,
        /// the position here is the memo's own.
        public internal(set) var skips: SilenceSkips?
        /// Its pauses are being found before it starts (skip silence is on, and they were not known yet).
        public internal(set) var isWaitingForSilences: Bool

        public init(
            memoID: UUID, position: Double, duration: Double, tag: PlaybackTag, skips: SilenceSkips? = nil,
            isWaitingForSilences: Bool = false
        ) {
            self.memoID = memoID
            self.position = position
            self.duration = duration
            self.tag = tag
            self.skips = skips
            self.isWaitingForSilences = isWaitingForSilences
        }
    }

    /// A delete that can still be undone: the "Memo deleted" toast.
    public struct PendingUndo: Sendable, Equatable {
        /// The memo deleted.
        public var memoID: UUID
        /// When Undo goes away, on the scheduler's clock.
        public var expiresAt: Double

        public init(memoID: UUID, expiresAt: Double) {
            self.memoID = memoID
            self.expiresAt = expiresAt
        }
    }

    /// The editor's listening to what its edits keep (SPEC I.1).
    public struct EditorListening: Sendable, Equatable {
        /// Seconds into what the edits keep, as the player last reported.
        public var position: Double
        /// Which play this is.
        public var play: Int
    }

    /// An edit, revert or undo just saved that can still be undone: the "Memo trimmed — Undo" toast.
    public struct PendingEditUndo: Sendable, Equatable {
        /// What was saved, and what it replaced.
        public var saved: MemoEditSaved
        /// What it did, for the toast's words.
        public var kind: MemoEditKind
        /// When Undo goes away, on the scheduler's clock.
        public var expiresAt: Double
    }

    /// Every memo, Recently Deleted ones included, newest first.
    public internal(set) var memos: [Memo] { didSet { refreshLists() } }
    /// What the search field holds.
    public internal(set) var searchText: String { didSet { refreshLists() } }
    /// The list the window shows: memos not deleted, whose titles match the search, newest first.
    public private(set) var visibleMemos: [Memo] = []
    /// Recently Deleted, whose titles match the search, most recently deleted first.
    public private(set) var recentlyDeleted: [Memo] = []

    /// Whether the library is open.
    public internal(set) var library: LibraryStatus = .closed
    /// What is known about microphone access.
    public internal(set) var access: AccessStatus
    /// A record was asked for and access is being checked.
    public internal(set) var isCheckingAccess = false
    /// The person is being asked for microphone access.
    public internal(set) var isAskingForAccess = false
    /// The take being recorded, if any.
    public internal(set) var take: Take?
    /// The alert on screen, if any.
    public internal(set) var alert: MemosAlert?
    /// A memo asked to play before the library was open (the desktop's search, SPEC J.1): played once it is.
    public internal(set) var requestedPlay: PlayRequest?
    /// The memo playing, if any (only ever one).
    public internal(set) var playing: Playback?
    /// Where memos that are not playing were left (stopped or moved there); a memo not here is at its start.
    public internal(set) var positions: [UUID: Double] = [:]
    /// The playback speed, remembered for the app.
    public internal(set) var speed: PlaybackSpeed
    /// Whether long pauses are shortened while memos play (SPEC I.2), remembered for the app.
    public internal(set) var skipsSilence: Bool
    /// The pauses found in memos played with skip silence on, by memo (found once per memo and run).
    var silenceSkips: [UUID: SilenceSkips] = [:]
    /// The memo last played, if any (it may have stopped since).
    public internal(set) var lastPlayed: UUID?
    /// The delete that can still be undone, if any.
    public internal(set) var pendingUndo: PendingUndo?
    /// The memo open in the editor (SPEC I.1), if any.
    public internal(set) var editor: MemoEditor?
    /// The editor playing what its edits keep, if it is.
    public internal(set) var editorListening: EditorListening?
    /// The memo whose edit, revert or undo is being saved, if any (the editor and the menu wait, and its
    /// transcription waits for its new audio).
    public internal(set) var savingEditOf: UUID?
    /// Whether an edit, a revert or an undo is being saved.
    public var isSavingEdit: Bool { savingEditOf != nil }
    /// The save that can still be undone, if any.
    public internal(set) var pendingEditUndo: PendingEditUndo?
    /// Titles typed but not saved yet.
    public internal(set) var unsavedTitles: [UUID: String] = [:]
    /// Transcription: the job under way and what waits (SPEC E.1).
    public internal(set) var transcripts = TranscriptQueue()
    /// The library's answer to the search (titles and transcripts), once it has answered the current text.
    public internal(set) var searchResults: SearchResults? { didSet { refreshLists() } }
    /// The transcript being shown, if any (SPEC E.3).
    public internal(set) var openTranscript: OpenTranscript?
    /// A transcript's text for the front end to put on the clipboard (Copy Transcript); it sends
    /// `.transcriptCopied` once it has.
    public internal(set) var textToCopy: String?
    /// Copy Transcript was asked for this memo and its transcript is being read.
    var copyRequestedFor: UUID?
    /// Dropped files that were not imported, oldest first: the front end shows a toast for each and sends
    /// `.importProblemsShown` (SPEC J.3).
    public internal(set) var importProblems: [ImportProblem] = []

    /// A state before the library is opened, with what is known about access and the remembered speed.
    public init(
        memos: [Memo] = [], access: AccessStatus = .undetermined, speed: PlaybackSpeed = .normal,
        searchText: String = "", skipsSilence: Bool = false
    ) {
        self.memos = memos
        self.access = access
        self.speed = speed
        self.skipsSilence = skipsSilence
        self.searchText = searchText
        refreshLists()
    }

    // MARK: - Reading

    /// The memo with `id`, deleted or not.
    public func memo(_ id: UUID) -> Memo? { memos.first { $0.id == id } }

    /// Whether `id` is playing.
    public func isPlaying(_ id: UUID) -> Bool { playing?.memoID == id }

    /// Where `id` is: the player's position while it plays, else where it was left (0 at its start).
    public func position(of id: UUID) -> Double {
        if let playing, playing.memoID == id { return playing.position }
        return positions[id] ?? 0
    }

    /// How far through `id` its cursor is, 0…1 (what the waveform draws over).
    public func progress(of id: UUID) -> Double {
        guard let memo = memo(id), memo.duration > 0 else { return 0 }
        return min(max(position(of: id) / memo.duration, 0), 1)
    }

    /// The one memo whose row shows the speed (SPEC B.4: one speed for the app, shown once): the memo playing, or
    /// else the one last played; none before anything has played.
    public var speedShownFor: UUID? { playing?.memoID ?? lastPlayed }

    /// Where a memo's transcript stands as the app shows it (SPEC E.2): the job's progress while it is being made,
    /// `unavailable` for a memo still without one on a machine that can't transcribe, else as stored.
    public func transcriptState(of id: UUID) -> TranscriptState {
        if let current = transcripts.current, current.memoID == id { return .transcribing(progress: current.progress) }
        guard let memo = memo(id) else { return .pending }
        if let reason = transcripts.unavailable, memo.transcript.wantsTranscribing { return .unavailable(reason) }
        return memo.transcript.state
    }

    /// The search result for `id` when the list shows search results (its snippet and time), else nil.
    public func searchHit(for id: UUID) -> SearchHit? {
        guard let results = searchResults, results.query == searchText else { return nil }
        return results.hits.first { $0.id == id }
    }

    /// The word of the open transcript being heard now, if its memo plays (SPEC E.3: highlighted).
    public var heardWordIndex: Int? {
        guard let open = openTranscript, let playing, playing.memoID == open.memoID else { return nil }
        return open.transcript?.wordIndex(at: playing.position)
    }

    /// Whether a search text is only spaces (or nothing): it matches every memo and asks the library nothing.
    static func isBlank(_ text: String) -> Bool { MemoSearch.queryKey(text).isEmpty }

    /// Whether a take is recording now (so nothing may play: the microphone must not record the speaker).
    public var isRecording: Bool { take?.phase.isRecording ?? false }

    /// Splits the memos that match the search into the two lists, in one pass. Each memo carries its title's
    /// search key, so a keystroke in the search field folds only what was typed.
    private mutating func refreshLists() {
        let queryKey = MemoSearch.queryKey(searchText)
        var visible: [Memo] = []
        var deleted: [Memo] = []
        if queryKey.isEmpty {
            // Every memo is listed: room for exactly the ones not deleted, not the up to double that an array grows
            // to by appending, which the list would hold for as long as it is shown.
            visible.reserveCapacity(memos.count - memos.lazy.filter(\.isDeleted).count)
        }
        for memo in memos where MemoSearch.matches(key: memo.searchKey, queryKey: queryKey) {
            if memo.isDeleted { deleted.append(memo) } else { visible.append(memo) }
        }
        if let results = searchResults, results.query == searchText, !queryKey.isEmpty {
            // Title matches as they are now, newest first (a rename counts at once), then what the library's index
            // found beyond them in its order: memos whose transcript matched, or whose title holds every word.
            let words = MemoSearch.words(searchText)
            let byID = Dictionary(memos.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var shown = Set(visible.map(\.id))
            for hit in results.hits {
                guard let memo = byID[hit.id], !memo.isDeleted, !shown.contains(memo.id),
                    hit.snippet != nil || MemoSearch.holdsWords(memo.searchKey, words)
                else { continue }
                shown.insert(memo.id)
                visible.append(memo)
            }
        }
        visibleMemos = visible
        recentlyDeleted = deleted.sorted { ($0.deletedAt ?? .distantPast) > ($1.deletedAt ?? .distantPast) }
    }
}

/// A memo to play from a second in it, asked for from outside the window (SPEC J.1).
public struct PlayRequest: Sendable, Equatable {
    public var id: UUID
    public var from: Double

    public init(id: UUID, from: Double) {
        self.id = id
        self.from = from
    }
}
