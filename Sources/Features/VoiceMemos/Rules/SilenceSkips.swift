import Foundation
import VoiceRecorder

/// Skip silence (SPEC I.2): the stretches of a memo that are not played, and how the memo's own time and the time
/// played map onto each other. Every pause longer than `longestPause` under `quietBelow` is shortened to
/// `shortenedTo`: the middle of it is skipped, half of what is kept on either side, so speech never starts or
/// ends abruptly. Position, progress, the scrubber and the highlighted word stay in the memo's own time; only the
/// player moves in played time.
public struct SilenceSkips: Sendable, Equatable {
    /// A pause longer than this is shortened, in seconds.
    public static let longestPause = 0.4
    /// What is left of a shortened pause, in seconds.
    public static let shortenedTo = 0.2
    /// Quiet is a block whose loudest sample is below this, in dBFS.
    public static let quietBelow = -45.0
    /// The blocks loudness is read in: 10 ms.
    public static let blockFrames = AudioFormat.sampleRate / 100

    /// The memo's frames that are not played, in order, none empty, none touching.
    public let skipped: [Range<Int>]

    /// The skips of a memo whose 10 ms blocks have these peaks (0…1, the last block may be shorter), `frames` long.
    public init(blockPeaks: [Float], frames: Int) {
        let quiet = Float(pow(10, Self.quietBelow / 20))
        let longest = Int((Self.longestPause * Double(AudioFormat.sampleRate)).rounded())
        let kept = Int((Self.shortenedTo * Double(AudioFormat.sampleRate)).rounded())
        var skipped: [Range<Int>] = []
        var runStart: Int?
        for index in 0 ... blockPeaks.count {
            let isQuiet = index < blockPeaks.count && blockPeaks[index] < quiet
            if isQuiet, runStart == nil { runStart = index * Self.blockFrames }
            guard !isQuiet, let start = runStart else { continue }
            runStart = nil
            let end = min(frames, index * Self.blockFrames)
            guard end - start > longest else { continue }
            skipped.append((start + kept / 2) ..< (end - (kept - kept / 2)))
        }
        self.skipped = skipped
    }

    /// Nothing skipped (the switch is off).
    public static let none = SilenceSkips(skipped: [])

    private init(skipped: [Range<Int>]) { self.skipped = skipped }

    /// The frames of a memo `frames` long that are played, in order: what is not skipped.
    public func kept(frames: Int) -> [Range<Int>] {
        var kept: [Range<Int>] = []
        var start = 0
        for range in skipped where range.lowerBound < frames {
            if range.lowerBound > start { kept.append(start ..< range.lowerBound) }
            start = range.upperBound
        }
        if start < frames { kept.append(start ..< frames) }
        return kept
    }

    /// Where memo time `seconds` plays, in seconds played.
    public func playedTime(ofMemo seconds: Double) -> Double {
        let rate = Double(AudioFormat.sampleRate)
        return Double(playedFrame(ofMemo: Int((seconds * rate).rounded()))) / rate
    }

    /// The memo time that `seconds` played is.
    public func memoTime(ofPlayed seconds: Double) -> Double {
        let rate = Double(AudioFormat.sampleRate)
        return Double(memoFrame(ofPlayed: Int((seconds * rate).rounded()))) / rate
    }

    /// How many frames of a memo `frames` long are played.
    public func playedFrames(of frames: Int) -> Int {
        frames - skipped.reduce(0) { $0 + $1.count }
    }

    /// The memo's frame that played frame `played` is.
    public func memoFrame(ofPlayed played: Int) -> Int {
        var frame = played
        for range in skipped {
            guard range.lowerBound <= frame else { break }
            frame += range.count
        }
        return frame
    }

    /// The played frame that plays memo frame `frame`; a frame inside a skipped stretch plays as the frame after it
    /// (a seek into a skipped pause goes on from where the pause's kept end starts).
    public func playedFrame(ofMemo frame: Int) -> Int {
        var played = frame
        for range in skipped {
            if range.upperBound <= frame {
                played -= range.count
            } else if range.contains(frame) {
                played -= frame - range.lowerBound
            } else {
                break
            }
        }
        return played
    }
}
