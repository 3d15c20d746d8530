import Foundation
import VoiceRecorder

/// The editor on a memo's waveform (SPEC I.1), as a value: the edits made so far but not saved (`staged`, a plan of
/// the memo as it is), and the selected range between two handles, in seconds of what the edits keep. Trim keeps
/// the selection, Delete cuts it out; each applies at once to what is shown, and Save writes them all in one save.
public struct MemoEditor: Sendable, Equatable {
    /// Which handle.
    public enum Handle: Sendable, Equatable {
        case start, end
    }

    /// The memo being edited.
    public let memoID: UUID
    /// Its waveform as it is (what `waveform` cuts).
    public let memoWaveform: Waveform
    /// What the edits so far keep of the memo (whole until one is made).
    public private(set) var staged: MemoEditPlan
    /// The selection's start and end, seconds of what is staged.
    public private(set) var start: Double
    public private(set) var end: Double

    /// **Choice:** the shortest selection, so the handles never cross or sit on each other (0.1 s: a syllable).
    public static let shortestSelection = 0.1
    /// **Choice:** how far an arrow key moves a handle, and with Shift (SPEC I.1's keys).
    public static let step = 0.1
    public static let largeStep = 1.0

    /// An editor of `memo`, nothing edited, the whole memo selected.
    public init(memo: Memo) {
        memoID = memo.id
        memoWaveform = memo.waveform
        staged = .whole(frames: Int((memo.duration * Double(AudioFormat.sampleRate)).rounded()))
        start = 0
        end = staged.duration
    }

    /// How long what the edits keep is, in seconds.
    public var duration: Double { staged.duration }
    /// How long the selection is.
    public var selectionLength: Double { end - start }
    /// Whether there is anything to save.
    public var hasChanges: Bool { !staged.isWhole }
    /// Whether the selection is less than everything (Trim and Delete would do something; Delete would leave
    /// something).
    public var isPartial: Bool {
        start > 0.5 / Double(AudioFormat.sampleRate) || end < duration - 0.5 / Double(AudioFormat.sampleRate)
    }

    /// Puts `handle` at `seconds`, kept inside what is shown and at least `shortestSelection` from the other.
    public mutating func move(_ handle: Handle, to seconds: Double) {
        guard seconds.isFinite else { return }
        let shortest = min(Self.shortestSelection, duration)
        switch handle {
        case .start: start = min(max(seconds, 0), end - shortest)
        case .end: end = max(min(seconds, duration), start + shortest)
        }
    }

    /// Moves `handle` by `seconds` (an arrow key's step).
    public mutating func nudge(_ handle: Handle, by seconds: Double) {
        move(handle, to: (handle == .start ? start : end) + seconds)
    }

    /// Keeps only the selection; the whole of what is left is selected again.
    public mutating func trim() {
        apply(.trim(from: start, to: end))
    }

    /// Cuts the selection out; the whole of what is left is selected again.
    public mutating func deleteSelection() {
        apply(.cut(from: start, to: end))
    }

    /// Takes back every edit not saved yet.
    public mutating func reset() {
        staged = .whole(frames: staged.originalFrames)
        start = 0
        end = duration
    }

    private mutating func apply(_ edit: MemoEdit) {
        guard isPartial, let step = try? edit.plan(frames: staged.frames) else { return }
        staged = step.applied(after: staged)
        start = 0
        end = duration
    }

    /// The memo's waveform with what the edits cut left out: each bar of what is kept, at its place in the memo.
    public var waveform: Waveform {
        let levels = memoWaveform.levels
        guard hasChanges, !levels.isEmpty, staged.originalFrames > 0 else { return memoWaveform }
        let count = max(
            1, Int((Double(levels.count) * Double(staged.frames) / Double(staged.originalFrames)).rounded()))
        let rate = Double(AudioFormat.sampleRate)
        let original = staged.originalFrames
        return Waveform(
            levels: (0 ..< count).map { index in
                // The middle of bar `index` of what is kept, in the memo's time, then the memo's bar there.
                let kept = (Double(index) + 0.5) / Double(count) * staged.duration
                let memoTime = Self.memoTime(of: kept, in: staged) ?? 0
                let bar = min(levels.count - 1, Int(memoTime * rate / Double(original) * Double(levels.count)))
                return levels[max(bar, 0)]
            })
    }

    /// Where `seconds` of what `plan` keeps is in the memo it was made of.
    static func memoTime(of seconds: Double, in plan: MemoEditPlan) -> Double? {
        let rate = Double(AudioFormat.sampleRate)
        var before = 0.0
        for range in plan.kept {
            let length = Double(range.count) / rate
            if seconds <= before + length { return Double(range.lowerBound) / rate + seconds - before }
            before += length
        }
        return nil
    }
}

extension MemoEditor {
    /// A handle's time as the editor shows it, to a tenth of a second: "0:01.2" (SPEC I.1: "Start of selection,
    /// 0:01.2"), with hours when the memo is an hour or more long.
    public static func clockText(_ seconds: Double, maximum: Double) -> String {
        let tenths = max(Int((seconds * 10).rounded()), 0)
        return ClockFormat.text(seconds: tenths / 10, maximum: maximum) + ".\(tenths % 10)"
    }
}

extension MemoEditor {
    /// The handle a press at `seconds` takes: the nearer one (the start when they are as near, or the press is
    /// before the start; the end when it is after the end).
    public func handle(nearest seconds: Double) -> Handle {
        if seconds <= start { return .start }
        if seconds >= end { return .end }
        return seconds - start <= end - seconds ? .start : .end
    }
}
