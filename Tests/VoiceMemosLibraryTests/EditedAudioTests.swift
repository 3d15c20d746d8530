import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderTestSupport

/// SPEC I.1's audio, on real files in both formats: a trimmed or cut memo is exactly the kept length (Opus to the
/// granule), and decoded back it is the original's kept audio, in place (its loudness, 10 ms by 10 ms, follows the
/// original's without a shift); the original is only read.
@Suite("Memos library: an edited memo's audio (SPEC I.1)")
struct EditedAudioTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory() }

    /// A memo's file of espeak-ng speech in `format`, written as a take is; its decoded samples.
    func memo(_ format: TakeFormat) throws -> (url: URL, samples: [Float]) {
        let wav = scratch.file("speech.wav")
        try ChildProcess.output(
            of: "/usr/bin/espeak-ng",
            ["-s", "150", "-w", wav.path, "Is it on? Remember to call the dentist on Monday morning."])
        let url = scratch.file(format == .aac ? "memo.m4a" : "memo.ogg")
        let writer = try TakeWriters.writer(to: url, format: format)
        _ = try AudioFiles.decode(wav) { try writer.append($0) }
        _ = try writer.finish()
        return (url, try decoded(url))
    }

    func decoded(_ url: URL) throws -> [Float] {
        var samples: [Float] = []
        _ = try AudioFiles.decode(url) { samples += $0 }
        return samples
    }

    /// Loudness in 10 ms windows, in dB.
    func envelope(_ samples: ArraySlice<Float>) -> [Double] {
        stride(from: samples.startIndex, to: samples.endIndex - 239, by: 240).map { start in
            let window = samples[start ..< start + 240]
            let power = window.reduce(0.0) { $0 + Double($1) * Double($1) } / 240
            return 10 * log10(max(power, 1e-10))
        }
    }

    /// How far (in 10 ms windows) `edited` is shifted against `original`, and how closely they follow each other
    /// there (Pearson's correlation of their loudness).
    func alignment(_ edited: [Double], _ original: [Double]) -> (lag: Int, correlation: Double) {
        var best = (lag: 0, correlation: -2.0)
        for lag in -5 ... 5 {
            let pairs = edited.indices.compactMap { i in
                original.indices.contains(i + lag) ? (edited[i], original[i + lag]) : nil
            }
            let meanA = pairs.map(\.0).reduce(0, +) / Double(pairs.count)
            let meanB = pairs.map(\.1).reduce(0, +) / Double(pairs.count)
            let cov = pairs.reduce(0.0) { $0 + ($1.0 - meanA) * ($1.1 - meanB) }
            let varA = pairs.reduce(0.0) { $0 + ($1.0 - meanA) * ($1.0 - meanA) }
            let varB = pairs.reduce(0.0) { $0 + ($1.1 - meanB) * ($1.1 - meanB) }
            let correlation = cov / (varA * varB).squareRoot()
            if correlation > best.correlation { best = (lag, correlation) }
        }
        return best
    }

    @Test(arguments: [TakeFormat.aac, .opus])
    func aTrimIsExactlyTheKeptRangeAndSoundsAsTheOriginalDid(_ format: TakeFormat) throws {
        let (original, samples) = try memo(format)
        let before = try Data(contentsOf: original)
        let plan = try MemoEdit.trim(from: 1.2, to: 3.7).plan(frames: samples.count)
        let output = scratch.file("trimmed." + original.pathExtension)
        let recording = try EditedAudio.write(plan, of: original, to: output, format: format)
        #expect(recording.duration == 2.5)
        let edited = try decoded(output)
        #expect(edited.count == plan.frames, "exactly the kept frames")
        #expect(try AudioFiles.info(of: output).duration == 2.5)
        let (lag, correlation) = alignment(
            envelope(edited[...]), envelope(samples[plan.kept[0]]))
        #expect(lag == 0, "in place")
        #expect(correlation > 0.95, "the original's audio: \(correlation)")
        #expect(!recording.samples.isEmpty)
        #expect(try Data(contentsOf: original) == before, "the original is only read")
    }

    @Test(arguments: [TakeFormat.aac, .opus])
    func aCutJoinsWhatIsBeforeAndAfterIt(_ format: TakeFormat) throws {
        let (original, samples) = try memo(format)
        let plan = try MemoEdit.cut(from: 0.5, to: 2).plan(frames: samples.count)
        let output = scratch.file("cut." + original.pathExtension)
        _ = try EditedAudio.write(plan, of: original, to: output, format: format)
        let edited = try decoded(output)
        #expect(edited.count == plan.frames)
        let join = plan.kept[0].count
        // Each side of the join, away from it by a window, follows its part of the original in place.
        let head = alignment(envelope(edited[..<(join - 240)]), envelope(samples[0 ..< join - 240]))
        let tail = alignment(envelope(edited[(join + 240)...]), envelope(samples[(plan.kept[1].lowerBound + 240)...]))
        #expect(head.lag == 0 && head.correlation > 0.9, "\(head)")
        #expect(tail.lag == 0 && tail.correlation > 0.95, "\(tail)")
    }

    @Test func aPlanForAnotherLengthWritesNothing() throws {
        let (original, samples) = try memo(.aac)
        let plan = try MemoEdit.trim(from: 0, to: 1).plan(frames: samples.count + 1)
        let output = scratch.file("never.m4a")
        #expect(throws: EditedAudio.ChangedSource.self) {
            try EditedAudio.write(plan, of: original, to: output, format: .aac)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
