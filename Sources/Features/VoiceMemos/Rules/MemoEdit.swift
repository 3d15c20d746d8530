import VoiceRecorder

/// An edit of a memo's audio (SPEC I.1): keep one range (trim), or cut one range out. Times are seconds of the memo
/// as it is now.
public enum MemoEdit: Sendable, Equatable {
    /// Keep `from`…`to`, drop the rest.
    case trim(from: Double, to: Double)
    /// Drop `from`…`to`, keep what is before and after it.
    case cut(from: Double, to: Double)

    /// What it keeps of a memo of `frames` frames, at the recording rate: each bound on the nearest frame.
    /// Throws, in words, a range that is backwards, empty, outside the memo, or that would keep nothing.
    public func plan(frames: Int) throws(MemoEditError) -> MemoEditPlan {
        let (from, to) =
            switch self {
            case .trim(let from, let to), .cut(let from, let to): (from, to)
            }
        let rate = Double(AudioFormat.sampleRate)
        let length = Double(frames) / rate
        guard from.isFinite, to.isFinite else { throw .notANumber }
        guard from >= 0, to <= length + 0.5 / rate else { throw .outside(length: length) }
        guard from < to else { throw .backwards }
        let start = Int((from * rate).rounded())
        let end = min(frames, Int((to * rate).rounded()))
        guard start < end else { throw .empty }
        let kept: [Range<Int>] =
            switch self {
            case .trim: [start ..< end]
            case .cut: [0 ..< start, end ..< frames].filter { !$0.isEmpty }
            }
        guard !kept.isEmpty else { throw .nothingKept }
        return MemoEditPlan(kept: kept, originalFrames: frames)
    }
}

/// Why an edit can't be made, in words (the CLI's usage error, the editor's reason to keep Save off).
public enum MemoEditError: Error, Equatable, CustomStringConvertible {
    case notANumber
    case outside(length: Double)
    case backwards
    case empty
    case nothingKept

    public var description: String {
        switch self {
        case .notANumber: "the range's bounds must be numbers of seconds"
        case .outside(let length):
            "the range must lie inside the memo (0 to \(Self.seconds(length)) s)"
        case .backwards: "the range ends before it starts"
        case .empty: "the range is shorter than one sample"
        case .nothingKept: "cutting the whole memo would leave nothing; delete it instead"
        }
    }

    /// Seconds as people read them: up to three decimals, no trailing zeros.
    private static func seconds(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// The frames of the original an edit keeps, in order, and what that does to times in the memo.
public struct MemoEditPlan: Sendable, Equatable {
    /// Ranges of the original's frames, in order, none empty, none overlapping.
    public let kept: [Range<Int>]
    /// The original's length in frames.
    public let originalFrames: Int

    /// The plan that keeps `kept` (in order, none empty, none overlapping, inside the original) of an original
    /// `originalFrames` long; how a stored plan is read back. Edits make theirs with `MemoEdit.plan(frames:)`.
    public init(kept: [Range<Int>], originalFrames: Int) {
        self.kept = kept
        self.originalFrames = originalFrames
    }

    /// Whether `kept` is a plan of an original `originalFrames` long: ranges in order, none empty, none
    /// overlapping, none outside it (a stored plan is checked before it is trusted).
    public static func isValid(kept: [Range<Int>], originalFrames: Int) -> Bool {
        var end = 0
        for range in kept {
            guard range.lowerBound >= end, !range.isEmpty else { return false }
            end = range.upperBound
        }
        return end <= originalFrames && !kept.isEmpty
    }

    /// The edited memo's length in frames.
    public var frames: Int { kept.reduce(0) { $0 + $1.count } }

    /// The edited memo's length in seconds.
    public var duration: Double { Double(frames) / Double(AudioFormat.sampleRate) }

    /// Where original time `seconds` is in the edited memo, and the kept range it falls in; nil when it was cut.
    public func editedTime(of seconds: Double) -> (time: Double, range: Range<Int>)? {
        let rate = Double(AudioFormat.sampleRate)
        var before = 0
        for range in kept {
            let start = Double(range.lowerBound) / rate
            let end = Double(range.upperBound) / rate
            if seconds >= start && seconds < end || (seconds == end && range.upperBound == originalFrames) {
                return (Double(before) / rate + seconds - start, range)
            }
            before += range.count
        }
        return nil
    }

    /// The transcript of the edited memo (SPEC I.1): no new transcription. A word stays when its middle was kept,
    /// with its times moved by what was cut before it and held inside its kept range; a word whose middle was cut
    /// goes.
    public func transcript(_ transcript: Transcript) -> Transcript {
        let rate = Double(AudioFormat.sampleRate)
        let words = transcript.words.compactMap { word -> Transcript.Word? in
            guard let (middle, range) = editedTime(of: (word.start + word.end) / 2) else { return nil }
            let rangeStart = middle - ((word.start + word.end) / 2 - Double(range.lowerBound) / rate)
            let rangeEnd = rangeStart + Double(range.count) / rate
            let start = max(rangeStart, middle - (word.end - word.start) / 2)
            let end = min(rangeEnd, middle + (word.end - word.start) / 2)
            return Transcript.Word(text: word.text, start: Self.rounded(start), end: Self.rounded(max(start, end)))
        }
        return Transcript(language: words.isEmpty ? "" : transcript.language, words: words)
    }

    /// Times as transcripts keep them: to the millisecond.
    private static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

extension MemoEditPlan {
    /// A plan that keeps all of a memo of `frames` frames: the original as it was.
    public static func whole(frames: Int) -> MemoEditPlan {
        MemoEditPlan(kept: frames > 0 ? [0 ..< frames] : [], originalFrames: frames)
    }

    /// Whether it keeps everything (a memo edited back to its whole original).
    public var isWhole: Bool { kept == [0 ..< originalFrames] }

    /// This plan, made over the frames `earlier` keeps, as a plan of `earlier`'s original: what a memo edited again
    /// keeps of its original. Ranges that meet in the original are joined.
    ///
    /// Why compose rather than edit the edited file: every save is then written from the original, one encoding
    /// away from it, however many times a memo is edited (SPEC I.1).
    public func applied(after earlier: MemoEditPlan) -> MemoEditPlan {
        precondition(originalFrames == earlier.frames, "a plan of the frames the earlier plan keeps")
        var kept: [Range<Int>] = []
        var offset = 0
        var earlierRanges = earlier.kept[...]
        for range in self.kept {
            // Walk the earlier plan's ranges (already passed ones are not revisited: both lists are in order).
            while let piece = earlierRanges.first {
                let pieceEnd = offset + piece.count
                let lower = max(range.lowerBound, offset)
                let upper = min(range.upperBound, pieceEnd)
                if lower < upper {
                    let mapped = (piece.lowerBound + lower - offset) ..< (piece.lowerBound + upper - offset)
                    if let last = kept.last, last.upperBound == mapped.lowerBound {
                        kept[kept.count - 1] = last.lowerBound ..< mapped.upperBound
                    } else {
                        kept.append(mapped)
                    }
                }
                guard pieceEnd <= range.upperBound else { break }
                offset = pieceEnd
                earlierRanges.removeFirst()
            }
        }
        return MemoEditPlan(kept: kept, originalFrames: earlier.originalFrames)
    }
}

/// What a save did to a memo, as its toast says it (SPEC I.1: "Memo trimmed — Undo").
public enum MemoEditKind: Sendable, Equatable {
    /// Kept one piece of it.
    case trimmed
    /// Cut a range out (two pieces or more kept).
    case edited
    /// Put the original back.
    case reverted
    /// Undid the save before.
    case undone
}

/// An edit saved to a memo (SPEC I.1), with what it replaced, so it can be undone right after.
public struct MemoEditSaved: Sendable, Equatable {
    /// The memo as it is after the save.
    public let memo: Memo
    /// What the memo kept of its original before the save; nil when it was the original.
    public let before: MemoEditPlan?
    /// What it keeps of its original now; nil when it is the original again (a revert).
    public let after: MemoEditPlan?

    public init(memo: Memo, before: MemoEditPlan?, after: MemoEditPlan?) {
        self.memo = memo
        self.before = before
        self.after = after
    }
}
