import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderAudioProcessing
import VoiceRecorderTestSupport

/// Enhance (SPEC I.3) on real sound: espeak-ng speech mixed with a recording of vinyl hiss (Debian's
/// sonic-pi-samples, CC0) at 5 dB, through the enhancer as playback and export use it. The noise between the words
/// must drop by at least 10 dB and the speech stay within 4 dB of its own level; every frame stays at its time.
/// (The benchmark, benchmarks/enhance-benchmark.py, measures more: two noises, two levels, words heard.)
@Suite struct EnhanceFromAudioTests {
    static let noise = URL(fileURLWithPath: "/usr/share/sonic-pi/samples/vinyl_hiss.flac")
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory() }

    /// Speech with a second of silence before it and half a second after, and the same length of the noise,
    /// scaled so the speech is `snr` dB above it.
    func mixture(snr: Double) throws -> (clean: [Float], noisy: [Float]) {
        let wav = scratch.file("speech.wav")
        try ChildProcess.output(
            of: "/usr/bin/espeak-ng",
            ["-s", "150", "-w", wav.path, "Remember to call the dentist on Monday morning, before the meeting."])
        var speech: [Float] = []
        _ = try AudioFiles.decode(wav) { speech += $0 }
        let clean = [Float](repeating: 0, count: 24_000) + speech + [Float](repeating: 0, count: 12_000)
        var noise: [Float] = []
        _ = try AudioFiles.decode(Self.noise) { noise += $0 }
        while noise.count < clean.count { noise += noise }
        noise = Array(noise[..<clean.count])
        let gain = Float(pow(10, (Self.speechLevel(clean, of: clean) - snr - Self.level(noise)) / 20))
        return (clean, zip(clean, noise).map { $0 + gain * $1 })
    }

    /// Power in dB of all of `samples`.
    static func level<C: Collection>(_ samples: C) -> Double where C.Element == Float {
        10 * log10(max(samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1)), 1e-12))
    }

    /// 10 ms windows of `clean` that hold speech (within 30 dB of its loudest) or none (60 dB or more below it).
    static func windows(_ clean: [Float], speech: Bool) -> [Range<Int>] {
        let all = stride(from: 0, to: clean.count - 239, by: 240).map { $0 ..< $0 + 240 }
        let levels = all.map { level(clean[$0]) }
        let loudest = levels.max() ?? 0
        return zip(all, levels).filter { speech ? $0.1 > loudest - 30 : $0.1 < loudest - 60 }.map(\.0)
    }

    /// The level of `samples` where `clean` speaks.
    static func speechLevel(_ samples: [Float], of clean: [Float]) -> Double {
        level(windows(clean, speech: true).flatMap { samples[$0] })
    }

    /// The level of `samples` where `clean` is silent, from `after` frames on (the enhancer's first moments aside).
    static func floorLevel(_ samples: [Float], of clean: [Float], after: Int = 12_000) -> Double {
        level(windows(clean, speech: false).filter { $0.lowerBound >= after }.flatMap { samples[$0] })
    }

    func enhanced(_ samples: [Float], from seconds: Double = 0) throws -> [Float] {
        let source = try EnhancedSource(source: SamplesSource(samples)) { try WebRTCSoundEnhancer() }
        if seconds > 0 { try source.seek(to: seconds) }
        var out: [Float] = []
        while let frames = try source.read(maxFrames: 4_096) { out += frames }
        return out
    }

    @Test func theNoiseDropsByTenDecibelsAndTheSpeechKeepsItsLevel() throws {
        let (clean, noisy) = try mixture(snr: 5)
        let result = try enhanced(noisy)
        #expect(result.count == noisy.count, "every frame, no more")
        let drop = Self.floorLevel(noisy, of: clean) - Self.floorLevel(result, of: clean)
        let speechChange = Self.speechLevel(result, of: clean) - Self.speechLevel(clean, of: clean)
        #expect(drop >= 10, "the noise floor dropped by \(drop) dB")
        #expect(abs(speechChange) <= 4, "the speech's level moved by \(speechChange) dB")
    }

    @Test func playedFromTheMiddleTheNoiseIsGoneFromTheFirstMoment() throws {
        let (_, noisy) = try mixture(snr: 5)
        let end = noisy.count - 12_000  // the half second of noise after the words
        let seconds = Double(end) / 24_000
        let tail = try enhanced(noisy, from: seconds)
        #expect(tail.count == noisy.count - end)
        let drop = Self.level(noisy[end...]) - Self.level(tail)
        #expect(drop >= 10, "right after a seek the floor is \(drop) dB lower, as when played through")
    }
}

/// Samples held in memory, as a source.
private final class SamplesSource: PCMPullSource {
    let samples: [Float]
    var position = 0
    init(_ samples: [Float]) { self.samples = samples }
    var duration: Double { Double(samples.count) / 24_000 }
    func seek(to seconds: Double) throws { position = min(samples.count, Int((seconds * 24_000).rounded())) }
    func read(maxFrames: Int) throws -> [Float]? {
        guard position < samples.count else { return nil }
        let end = min(samples.count, position + maxFrames)
        defer { position = end }
        return Array(samples[position ..< end])
    }
}
