import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

@testable import VoiceRecorderOpus

extension OpusAdapterTests {
    /// Real speech (espeak-ng) written both ways, as the recording benchmark's quality rows compare them: the Opus
    /// take is at most 0.4 of the AAC take's size and as close to the source in its spectra.
    @Suite struct SpeechAgainstAACTests {
        /// About 12 s of speech at 24 kHz mono.
        static func speech(in directory: ScratchDirectory) throws -> [Float] {
            let wav = directory.file("speech.wav")
            _ = try ChildProcess.output(
                of: "/usr/bin/espeak-ng",
                [
                    "-w", wav.path,
                    "A voice message is recorded while the finger holds the button. Slide to the left to throw it "
                        + "away, or slide up to keep recording hands free. The file is written while you speak, so "
                        + "nothing is lost if the phone rings.",
                ])
            var samples: [Float] = []
            try AudioFileReader.decode(wav) { samples += $0 }
            return samples
        }

        @Test func opusIsUnderTwoFifthsOfTheSizeWithSpectraAsClose() throws {
            let directory = try ScratchDirectory()
            let source = try Self.speech(in: directory)
            let opus = try OggOpusTakeWriter(url: directory.file("voice-speech.ogg"))
            let aac = try M4ATakeWriter(url: directory.file("voice-speech.m4a"))
            for start in stride(from: 0, to: source.count, by: 480) {
                let chunk = Array(source[start ..< min(start + 480, source.count)])
                try opus.append(chunk)
                try aac.append(chunk)
            }
            #expect(try opus.finish() == source.count)
            #expect(try aac.finish() == source.count)

            var fromOpus: [Float] = []
            try OggOpusReader.decode(opus.url) { fromOpus += $0 }
            var fromAAC: [Float] = []
            try AudioFileReader.decode(aac.url) { fromAAC += $0 }
            let opusSize = try FileManager.default.attributesOfItem(atPath: opus.url.path)[.size] as? Int ?? 0
            let aacSize = try FileManager.default.attributesOfItem(atPath: aac.url.path)[.size] as? Int ?? 0
            let seconds = Double(source.count) / 24_000
            let opusScores = SignalScores(source: source, decoded: fromOpus)
            let aacScores = SignalScores(source: source, decoded: fromAAC)
            print(
                "[measure] \(String(format: "%.1f", seconds)) s of speech: Opus \(opusSize) B "
                    + "(\(String(format: "%.1f", Double(opusSize) * 8 / seconds / 1_000)) kb/s), AAC \(aacSize) B, "
                    + "ratio \(String(format: "%.2f", Double(opusSize) / Double(aacSize))); segmental SNR "
                    + "\(String(format: "%.2f", opusScores.segmental)) / \(String(format: "%.2f", aacScores.segmental)) dB, "
                    + "spectral \(String(format: "%.2f", opusScores.spectral)) / \(String(format: "%.2f", aacScores.spectral)) dB"
            )
            #expect(Double(opusSize) <= 0.4 * Double(aacSize), "\(opusSize) B against \(aacSize) B")
            #expect(opusScores.spectral > 15, "\(opusScores.spectral) dB")
            #expect(
                opusScores.spectral >= aacScores.spectral - 2, "\(opusScores.spectral) against \(aacScores.spectral) dB"
            )
        }
    }
}

/// How close decoded audio is to its source, as the recording benchmark measures it: the segmental SNR (20 ms frames
/// with speech in them, each clipped to −10…35 dB) and the spectral SNR (magnitude spectra of Hann-windowed frames
/// of 1,024 samples). Opus's speech coder keeps the spectrum rather than the waveform, so the spectral figure is the
/// one to judge it by.
struct SignalScores {
    let segmental: Double
    let spectral: Double

    init(source: [Float], decoded: [Float]) {
        let count = min(source.count, decoded.count)
        var segments: [Double] = []
        for start in stride(from: 0, to: count - 479, by: 480) {
            var power = 0.0
            var noise = 1e-12
            for index in start ..< start + 480 {
                power += Double(source[index] * source[index])
                noise += Double((decoded[index] - source[index]) * (decoded[index] - source[index]))
            }
            if power > 1e-4 * 480 { segments.append(min(35, max(-10, 10 * log10(power / noise)))) }
        }
        segmental = segments.reduce(0, +) / Double(max(1, segments.count))
        let window = (0 ..< 1_024).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / 1_023) }
        var signal = 0.0
        var difference = 0.0
        for start in stride(from: 0, to: count - 1_023, by: 1_024) {
            let reference = Spectrum.magnitudes((0 ..< 1_024).map { Double(source[start + $0]) * window[$0] })
            guard reference.map({ $0 * $0 }).reduce(0, +) > 1e-3 else { continue }
            let other = Spectrum.magnitudes((0 ..< 1_024).map { Double(decoded[start + $0]) * window[$0] })
            signal += reference.map { $0 * $0 }.reduce(0, +)
            difference += zip(reference, other).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        }
        spectral = 10 * log10(signal / max(difference, 1e-12))
    }
}

/// The magnitudes of a real signal's discrete Fourier transform, bins 0…n/2 (n a power of two), by an iterative
/// radix-2 FFT.
enum Spectrum {
    static func magnitudes(_ signal: [Double]) -> [Double] {
        let count = signal.count
        var real = signal
        var imaginary = [Double](repeating: 0, count: count)
        var j = 0
        for i in 1 ..< count {
            var bit = count >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                real.swapAt(i, j)
                imaginary.swapAt(i, j)
            }
        }
        var length = 2
        while length <= count {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: count, by: length) {
                for k in 0 ..< length / 2 {
                    let (c, s) = (cos(angle * Double(k)), sin(angle * Double(k)))
                    let (a, b) = (start + k, start + k + length / 2)
                    let tr = real[b] * c - imaginary[b] * s
                    let ti = real[b] * s + imaginary[b] * c
                    (real[b], imaginary[b]) = (real[a] - tr, imaginary[a] - ti)
                    (real[a], imaginary[a]) = (real[a] + tr, imaginary[a] + ti)
                }
            }
            length <<= 1
        }
        return (0 ... count / 2).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
    }
}
