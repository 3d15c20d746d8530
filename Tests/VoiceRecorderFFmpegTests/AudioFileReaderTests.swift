import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    @Suite struct AudioFileReaderTests {
        enum BadFile: String, CaseIterable {
            case missing, directory, empty, text, randomBytes, png, truncatedM4A, headerOnlyM4A
        }

        private func make(_ kind: BadFile, in directory: ScratchDirectory) throws -> URL {
            let url = directory.file("bad-\(kind.rawValue).m4a")
            switch kind {
            case .missing:
                break
            case .directory:
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            case .empty:
                try Data().write(to: url)
            case .text:
                try Data(String(repeating: "Not audio at all.\n", count: 200).utf8).write(to: url)
            case .randomBytes:
                var generator = SeededGenerator(seed: 7)
                try Data(generator.bytes(50_000)).write(to: url)
            case .png:
                let header: [UInt8] = [
                    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                    0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
                ]
                try Data(header + [UInt8](repeating: 0, count: 64)).write(to: url)
            case .truncatedM4A, .headerOnlyM4A:
                let writer = try M4ATakeWriter(url: directory.file("voice-source.m4a"))
                try Signal.feed(writer, frames: 48_000)
                _ = try writer.finish()
                let bytes = try Data(contentsOf: writer.url)
                // A finished take keeps its index at the end: cut in half, it has audio but no index.
                try bytes.prefix(kind == .truncatedM4A ? bytes.count / 2 : 40).write(to: url)
            }
            return url
        }

        @Test(arguments: BadFile.allCases)
        func badFilesGiveAClearErrorNeverACrash(kind: BadFile) throws {
            let directory = try ScratchDirectory()
            let url = try make(kind, in: directory)
            let error = #expect(throws: FFmpegError.self) { try AudioFileReader.decode(url) { _ in } }
            #expect(error?.message.isEmpty == false)
            #expect(throws: FFmpegError.self) { try AudioFileReader.info(of: url) }
        }

        @Test func aWavAt48kHzStereoReadsBackAsMono24kHz() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("stereo.wav")
            let frames = 48_000
            var pcm = Data()
            for index in 0 ..< frames {
                let value = Int16(12_000 * sin(2 * Double.pi * 300 * Double(index) / 48_000))
                for _ in 0 ..< 2 { withUnsafeBytes(of: value.littleEndian) { pcm.append(contentsOf: $0) } }
            }
            try (wavHeader(sampleRate: 48_000, channels: 2, dataBytes: pcm.count) + pcm).write(to: url)

            var samples: [Float] = []
            let (info, decoded) = try AudioFileReader.decode(url) { samples += $0 }
            #expect(info.codecName == "pcm_s16le")
            #expect(info.sampleRate == 48_000)
            #expect(info.channels == 2)
            #expect(abs(decoded - 24_000) <= 32)
            let peak = samples[2_000 ..< 20_000].map(abs).max() ?? 0
            #expect(abs(peak - 12_000 / 32_768) < 0.03)
        }

        @Test func waveformFollowsALoudQuietLoudPattern() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-pattern.m4a"))
            try writer.append(Tone.samples(frames: 24_000, amplitude: 0.8))
            try writer.append(Tone.samples(frames: 24_000, amplitude: 0.001, offset: 24_000))
            try writer.append(Tone.samples(frames: 24_000, amplitude: 0.8, offset: 48_000))
            _ = try writer.finish()

            let samples = try AudioFileReader.waveform(of: writer.url)
            #expect(samples.count == 60)
            // Away from the edges (AAC smears a transition over a frame or two), loud is loud and quiet is quiet.
            #expect(samples[2 ..< 18].allSatisfy { $0 > 0.9 })
            #expect(samples[23 ..< 37].allSatisfy { $0 < 0.25 })
            #expect(samples[42 ..< 58].allSatisfy { $0 > 0.9 })
        }

        @Test func waveformOfALongTakeIsCompressedTo160() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-long.m4a"))
            try Signal.feed(writer, frames: 24_000 * 20)
            _ = try writer.finish()
            #expect(try AudioFileReader.waveform(of: writer.url).count == 160)
        }

        @Test(arguments: [0.0, 0.5, 1.25, 1.9])
        func decoderSeeksSampleExactly(seconds: Double) throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-seek.m4a"))
            let total = 48_000
            try Signal.feed(writer, frames: total)
            _ = try writer.finish()

            let decoder = try AudioFileDecoder(url: writer.url)
            _ = try decoder.read(maxFrames: 10_000)
            try decoder.seek(to: seconds)
            var rest = 0
            var first: [Float] = []
            while let chunk = try decoder.read(maxFrames: 1_000) {
                if first.isEmpty { first = chunk }
                rest += chunk.count
            }
            #expect(rest == total - Int(seconds * 24_000))
            #expect(try decoder.read(maxFrames: 10) == nil)
            if seconds > 0.1 {
                // The audio after the seek is the tone from that point, not from the start.
                let expected = Tone.samples(frames: 1_000, offset: Int(seconds * 24_000))
                let error = zip(first, expected).map { abs($0 - $1) }.reduce(0, +) / 1_000
                #expect(error < 0.05)
            }
        }
    }
}

/// A canonical 44-byte WAV header for 16-bit PCM.
func wavHeader(sampleRate: Int, channels: Int, dataBytes: Int) -> Data {
    var data = Data()
    func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
    func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
    append("RIFF")
    append32(36 + dataBytes)
    append("WAVE")
    append("fmt ")
    append32(16)
    append16(1)
    append16(channels)
    append32(sampleRate)
    append32(sampleRate * channels * 2)
    append16(channels * 2)
    append16(16)
    append("data")
    append32(dataBytes)
    return data
}
