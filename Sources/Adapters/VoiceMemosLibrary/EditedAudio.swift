import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderAudioFiles

/// A memo's audio after an edit (SPEC I.1): the original decoded, the frames the plan keeps written again as a take
/// is written, in the memo's own format, with the new waveform. The original file is only read.
///
/// **Why re-encoded, not copied frame by frame:** a cut joins two pieces, and an AAC frame decodes with its
/// neighbour's overlap, so copied frames would click at the join and keep up to a frame of what was cut (D.5's
/// trimmed take accepts that at one end; a memo edited again and again would gather it at every join). Written
/// again, the result is exactly the kept frames long (an Opus file to the granule), and it sounds as the original
/// does: the tests decode both and compare.
public enum EditedAudio {
    /// Writes what `plan` keeps of `source` (an AAC `.m4a` or an Ogg Opus `.ogg` memo) to a new file at
    /// `destination`, in `format`; returns it as a recording (its duration, its waveform). Nothing is left at
    /// `destination` when it fails. Throws when the source no longer has the frames the plan was made for.
    public static func write(
        _ plan: MemoEditPlan, of source: URL, to destination: URL, format: TakeFormat
    ) throws -> Recording {
        let writer = try TakeWriters.writer(to: destination, format: format)
        var meter = WindowPeakMeter()
        do {
            var position = 0
            var ranges = plan.kept[...]
            let decoded = try AudioFiles.decode(source) { chunk in
                let chunkRange = position ..< position + chunk.count
                defer { position = chunkRange.upperBound }
                while let range = ranges.first, range.upperBound <= chunkRange.lowerBound { ranges.removeFirst() }
                for range in ranges {
                    guard range.lowerBound < chunkRange.upperBound else { break }
                    let overlap = range.clamped(to: chunkRange)
                    guard !overlap.isEmpty else { continue }
                    let kept = Array(chunk[(overlap.lowerBound - position) ..< (overlap.upperBound - position)])
                    meter.append(kept)
                    try writer.append(kept)
                }
            }
            guard decoded.frames == plan.originalFrames else {
                throw ChangedSource(path: source.path, expected: plan.originalFrames, found: decoded.frames)
            }
            let frames = try writer.finish()
            return Recording(
                url: destination, duration: Double(frames) / Double(AudioFormat.sampleRate),
                samples: meter.recordingSamples())
        } catch {
            writer.discard()  // removes what it wrote
            throw error
        }
    }

    /// The memo's file is not the length the edit was planned for (it changed meanwhile): nothing is written.
    public struct ChangedSource: Error, CustomStringConvertible {
        public let path: String
        public let expected: Int
        public let found: Int
        public var description: String {
            "\(path): the memo's audio changed while it was being edited (\(found) frames, not \(expected))"
        }
    }
}
