import Foundation
import VoiceRecorderMP4
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

/// A test signal that differs all along the take, so that audio from the wrong place (a shifted cut, a frame too
/// many or too few) correlates badly: a sweep from 300 Hz upwards, under a slowly swelling and fading level.
enum Sweep {
    static let rate = 24_000.0

    /// The signal's frames `range` (frame 0 = the take's first).
    static func samples(_ range: Range<Int>) -> [Float] {
        range.map { frame in
            let time = Double(frame) / rate
            let level = 0.35 + 0.25 * sin(2 * .pi * 0.7 * time)
            return Float(level * sin(2 * .pi * (300 * time + 200 * time * time)))
        }
    }

    /// Appends the signal's frames `range` to `writer` in buffers of uneven sizes, as a capture delivers them.
    static func feed(_ writer: M4ATakeWriter, _ range: Range<Int>) throws {
        let sizes = [480, 1_000, 333, 2_048, 17, 1_200]
        var start = range.lowerBound
        var turn = 0
        while start < range.upperBound {
            let end = min(start + sizes[turn % sizes.count], range.upperBound)
            try writer.append(samples(start ..< end))
            start = end
            turn += 1
        }
    }
}

/// Comparing decoded audio with the signal that was written.
enum Likeness {
    /// The normalised correlation of `a` and `b` (over their common length): 1 for the same audio.
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        let count = min(a.count, b.count)
        guard count > 0 else { return 0 }
        var product = 0.0
        var energyA = 0.0
        var energyB = 0.0
        for index in 0 ..< count {
            product += Double(a[index]) * Double(b[index])
            energyA += Double(a[index]) * Double(a[index])
            energyB += Double(b[index]) * Double(b[index])
        }
        guard energyA > 0, energyB > 0 else { return 0 }
        return product / (energyA * energyB).squareRoot()
    }

    /// The RMS level of each `window`-frame window of `samples` (a last partial window included).
    static func levels(_ samples: [Float], window: Int = 1_200) -> [Double] {
        stride(from: 0, to: samples.count, by: window).map { start in
            let part = samples[start ..< min(start + window, samples.count)]
            return (part.map { Double($0) * Double($0) }.reduce(0, +) / Double(part.count)).squareRoot()
        }
    }
}

/// What a file holds, read as it lies on disk rather than as its edit list presents it.
struct StoredPackets {
    /// The size of each audio packet in the file, as `ffprobe` lists them with the edit list ignored.
    let sizes: [Int]
    /// The bytes inside the file's `mdat` boxes (their headers left out).
    let mediaBytes: Int64

    init(of url: URL) throws {
        let output = try ChildProcess.output(
            of: "/usr/bin/ffprobe",
            [
                "-v", "error", "-ignore_editlist", "1", "-select_streams", "a:0", "-show_entries", "packet=size",
                "-of", "csv=p=0", url.path,
            ])
        sizes = output.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        mediaBytes = try MP4BoxScanner(path: url.path).boxes().filter { $0.type == "mdat" }
            .reduce(0) { $0 + $1.size - 8 }
    }

    /// The AAC packets a file playing the take's frames `played` must hold (each 1024 frames; the stream's first
    /// packet is the encoder's priming): those overlapping the range and the one before them.
    static func expectedCount(playing played: Range<Int>) -> Int {
        let first = played.lowerBound / 1_024 + 1
        let last = (played.upperBound - 1) / 1_024 + 1
        return last - first + 2
    }
}

/// What a cut must play (SPEC D.5), worked out independently of the writer: AAC frames lie at 1024 · k in take
/// frames (the encoder's 1024 frames of priming come before frame 0), and a cut to `kept` starts at the first of
/// them inside it, so the frame the start falls in is the one frame of pre-roll; a range holding none keeps its start.
func expectedPlayedFrames(keeping kept: Range<Int>) -> Range<Int> {
    let boundary = (kept.lowerBound + 1_023) / 1_024 * 1_024
    return boundary < kept.upperBound ? boundary ..< kept.upperBound : kept
}

/// Whether FFmpeg's own tools are installed (they read the files as another program would).
let ffprobeIsInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe")
