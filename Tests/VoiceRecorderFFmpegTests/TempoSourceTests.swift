import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

/// `atempo` looks for the best overlap within windows of 1,024 frames at 24 kHz (a power of two of at least
/// rate / 24: 1,000), laid out every half window: what comes out is the input's length ÷ rate to within one window,
/// which is the tolerance of the lengths below.
private let windowFrames = 1_024

extension FFmpegAdapterTests {
    @Suite struct TempoSourceTests {
        @Test(arguments: [(2.0, 24_000), (1.5, 32_000), (0.5, 96_000)])
        func aToneComesOutRateTimesShorter(rate: Double, expectedFrames: Int) throws {
            let tempo = try TempoSource(source: ArraySource(Tone.samples(frames: 48_000, frequency: 300)), rate: rate)
            let output = try readAll(tempo)
            print("2 s of tone at \(rate)×: \(output.count) frames (\(expectedFrames) expected)")
            #expect(abs(output.count - expectedFrames) <= windowFrames)
            #expect(tempo.duration == 2, "duration stays in memo time")
            #expect(abs(tempo.playedDuration - 2 / rate) < 1e-9)
        }

        /// The pitch is kept: a 300 Hz tone is still 300 Hz (within 2 %) at every speed, counted on its steady middle.
        @Test(arguments: [1.5, 2.0, 0.5])
        func thePitchIsKept(rate: Double) throws {
            let tempo = try TempoSource(source: ArraySource(Tone.samples(frames: 48_000, frequency: 300)), rate: rate)
            let output = try readAll(tempo)
            let middle = Array(output[output.count / 4 ..< output.count * 3 / 4])
            let frequency = dominantFrequency(middle)
            print("300 Hz at \(rate)×: \(String(format: "%.1f", frequency)) Hz")
            #expect(abs(frequency - 300) < 6)
            // Not silence, nor a tone at half the level: the overlap-add keeps the loudness.
            let peak = middle.map(abs).max() ?? 0
            #expect(peak > 0.45 && peak < 0.55)
        }

        /// Sped up naively (every other sample), the same tone would be 600 Hz: the check above can fail.
        @Test func droppingSamplesWouldDoubleThePitch() {
            let tone = Tone.samples(frames: 48_000, frequency: 300)
            let decimated = stride(from: 0, to: tone.count, by: 2).map { tone[$0] }
            #expect(abs(dominantFrequency(decimated) - 600) < 6)
        }

        @Test func aRealTakeAtTwiceTheSpeedLastsHalfAsLong() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-tempo.m4a")
            let writer = try M4ATakeWriter(url: url)
            try Signal.feed(writer, frames: 48_000)
            _ = try writer.finish()

            let plain = try readAll(try AudioFileDecoder(url: url))
            #expect(plain.count == 48_000)
            for (rate, expected) in [(2.0, 24_000), (1.5, 32_000)] {
                let output = try readAll(try TempoSource(source: try AudioFileDecoder(url: url), rate: rate))
                print("a 2 s take at \(rate)×: \(output.count) frames (\(expected) expected)")
                #expect(abs(output.count - expected) <= windowFrames)
                let middle = Array(output[output.count / 4 ..< output.count * 3 / 4])
                #expect(abs(dominantFrequency(middle) - 440) < 8.8)
            }
        }

        @Test func atNormalSpeedTheSamplesPassUntouched() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-exact.m4a")
            let writer = try M4ATakeWriter(url: url)
            try Signal.feed(writer, frames: 30_000)
            _ = try writer.finish()

            let plain = try readAll(try AudioFileDecoder(url: url), chunk: 777)
            let tempo = try TempoSource(source: try AudioFileDecoder(url: url), rate: 1)
            let passed = try readAll(tempo, chunk: 777)
            #expect(passed == plain, "bit-exact")

            // Back to 1× after another speed: untouched again, from the position asked. (Compared with a decoder
            // taken through the same reads and seeks: after a seek the decoder's own output differs in the last
            // bits depending on what it decoded before.)
            try tempo.setRate(2, from: 0)
            try tempo.setRate(1, from: 0.5)
            let plainDecoder = try AudioFileDecoder(url: url)
            _ = try readAll(plainDecoder, chunk: 777)
            try plainDecoder.seek(to: 0)
            try plainDecoder.seek(to: 0.5)
            #expect(try readAll(tempo, chunk: 777) == readAll(plainDecoder, chunk: 777))
        }

        /// Seeks are in memo time: in a tone that is 300 Hz for a second and 600 Hz for the next, a seek to 1.0 s at
        /// 2× plays the 600 Hz second, in half a second.
        @Test(arguments: [2.0, 1.5])
        func seekIsInMemoTime(rate: Double) throws {
            let signal = Tone.samples(frames: 24_000, frequency: 300) + Tone.samples(frames: 24_000, frequency: 600)
            let tempo = try TempoSource(source: ArraySource(signal), rate: rate)
            _ = try tempo.read(maxFrames: 4_000)  // something is buffered in the filter by now
            try tempo.seek(to: 1)
            let output = try readAll(tempo)
            let expected = Int((24_000 / rate).rounded())
            #expect(abs(output.count - expected) <= windowFrames)
            let middle = Array(output[output.count / 4 ..< output.count * 3 / 4])
            #expect(abs(dominantFrequency(middle) - 600) < 12, "the second half, nothing from before the seek")
        }

        @Test func changingTheRatePlaysOnFromThePositionGiven() throws {
            let signal = Tone.samples(frames: 24_000, frequency: 300) + Tone.samples(frames: 24_000, frequency: 600)
            let tempo = try TempoSource(source: ArraySource(signal), rate: 1)
            let first = try #require(try tempo.read(maxFrames: 12_000))
            #expect(first == Array(signal[..<12_000]))
            try tempo.setRate(2, from: 0.5)
            #expect(tempo.rate == 2)
            let rest = try readAll(tempo)
            // 1.5 s of memo left at 2×.
            #expect(abs(rest.count - 18_000) <= windowFrames)
            let tail = Array(rest[rest.count * 2 / 3 + 1_000 ..< rest.count - 1_000])
            #expect(abs(dominantFrequency(tail) - 600) < 12)
        }

        @Test(arguments: [3.0, 0.25, 0, -1, .nan, .infinity])
        func aSpeedOutOfRangeIsRefusedInWords(rate: Double) throws {
            #expect {
                _ = try TempoSource(source: ArraySource([0]), rate: rate)
            } throws: { error in
                let description = "\(error)"
                print(description)
                return description.hasPrefix("cannot play at ")
                    && description.hasSuffix(": the speed must be from 0.5× to 2×")
            }
            let tempo = try TempoSource(source: ArraySource(Tone.samples(frames: 4_800)), rate: 1.5)
            #expect(throws: FFmpegError.self) { try tempo.setRate(rate, from: 0) }
            #expect(tempo.rate == 1.5, "the old speed goes on")
        }

        @Test func theErrorSaysTheSpeedAsPeopleWriteIt() {
            #expect {
                _ = try TempoFilter(rate: 3)
            } throws: { error in
                let error = error as? FFmpegError
                return error?.message == "cannot play at 3×: the speed must be from 0.5× to 2×"
                    && error?.file == nil && error?.operation == "atempo"
            }
            #expect(TempoFilter.text(2.5) == "2.5")
        }

        @Test func aFilterFreesItsGraph() throws {
            // Many filters made and dropped (every seek makes one): each frees its graph, or this grows by ~100 KB each.
            let before = residentKilobytes()
            for _ in 0 ..< 2_000 {
                let filter = try TempoFilter(rate: 1.5)
                try filter.push(Tone.samples(frames: 2_048))
                _ = try filter.pull()
            }
            let grown = residentKilobytes() - before
            print("2,000 tempo filters: resident memory grew by \(grown) KB")
            #expect(grown < 20_000)
        }
    }
}

/// Reads a source to its end in chunks of `chunk` frames.
private func readAll(_ source: PCMPullSource, chunk: Int = 1_200) throws -> [Float] {
    var samples: [Float] = []
    var emptyReads = 0
    while let frames = try source.read(maxFrames: chunk) {
        #expect(frames.count <= chunk)
        emptyReads = frames.isEmpty ? emptyReads + 1 : 0
        if emptyReads > 100 {
            Issue.record("the source gives nothing and does not end")
            break
        }
        samples += frames
    }
    return samples
}

/// PCM held in memory as a pull source.
private final class ArraySource: PCMPullSource {
    private let samples: [Float]
    private var position = 0

    init(_ samples: [Float]) { self.samples = samples }

    func read(maxFrames: Int) throws -> [Float]? {
        guard position < samples.count else { return nil }
        let end = min(samples.count, position + maxFrames)
        defer { position = end }
        return Array(samples[position ..< end])
    }

    func seek(to seconds: Double) throws {
        position = min(samples.count, max(0, Int((seconds * 24_000).rounded())))
    }

    var duration: Double { Double(samples.count) / 24_000 }
}

/// The frequency of a steady tone, from its rising zero crossings.
private func dominantFrequency(_ samples: [Float]) -> Double {
    var crossings: [Int] = []
    for index in 1 ..< samples.count where samples[index - 1] < 0 && samples[index] >= 0 { crossings.append(index) }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
    // Whole periods between the first and the last crossing: no half period at either end skews the count.
    return Double(crossings.count - 1) / (Double(last - first) / 24_000)
}

/// This process's resident memory, from /proc.
private func residentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
