import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderOpus

extension OpusAdapterTests {
    @Suite struct OggOpusTakeWriterTests {
        @Test(arguments: [1, 479, 480, 481, 12_345, 24_000, 24_001, 72_511])
        func aFinishedTakeHasTheExactDurationAndPassesEveryOutsideCheck(frames: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-take.ogg"))
            try OpusFixtures.feed(writer, frames: frames)

            #expect(try writer.finish() == frames)
            #expect(try writer.finish() == frames, "finish is idempotent")

            let info = try OggOpusReader.info(of: writer.url)
            #expect(info.frames == frames, "the last granule position less the pre-skip")
            #expect(info.isEnded)
            #expect(info.channels == 1 && info.inputSampleRate == 24_000)
            #expect(info.preSkip == 312, "the encoder's 6.5 ms delay, at 48 kHz")
            let (_, decoded) = try OggOpusReader.decode(writer.url) { _ in }
            #expect(decoded == frames)

            let opusinfo = try OpusFixtures.opusinfo(writer.url)
            #expect(!opusinfo.warns, "\(opusinfo.output)")
            #expect(opusinfo.output.contains("Pre-skip: 312"), "\(opusinfo.output)")
            // FFmpeg 5.1's probe counts the pre-skip in an Ogg Opus stream's duration (it does so for opusenc's files
            // and its own too): exact once that is taken off.
            let probed = try #require(try OpusFixtures.ffprobeDuration(writer.url))
            #expect(abs(probed - 312.0 / 48_000 - Double(frames) / 24_000) < 0.000_05, "ffprobe: \(probed) s")
            let gstreamer = try OpusFixtures.gstreamerDecodes(writer.url)
            #expect(gstreamer.ok, "\(gstreamer.output)")
            if frames >= 480 {
                // (FFmpeg's decoder gives nothing of a stream that is a single, end-trimmed packet.)
                #expect(try OpusFixtures.ffmpegDecoded(writer.url).count == frames, "FFmpeg decodes it to the frame")
            }
            #expect(try directory.contents() == ["voice-take.ogg"])
        }

        @Test func itsTagsNameTheEncoderAndTheTitle() throws {
            let directory = try ScratchDirectory()
            let url = try OpusFixtures.take(frames: 24_000, in: directory)
            let info = try OggOpusReader.info(of: url)
            #expect(info.vendor.hasPrefix("libopus "))
            #expect(info.tags == ["ENCODER=VoiceRecorder", "TITLE=Voice message"])
            let opusinfo = try OpusFixtures.opusinfo(url).output
            #expect(
                opusinfo.contains("ENCODER=VoiceRecorder") && opusinfo.contains("TITLE=Voice message"), "\(opusinfo)")
        }

        @Test func decodedAudioIsTheToneThatWasWritten() throws {
            let directory = try ScratchDirectory()
            let url = try OpusFixtures.take(frames: 24_000, in: directory)
            var samples: [Float] = []
            try OggOpusReader.decode(url) { samples += $0 }
            let source = Tone.samples(frames: 24_000, amplitude: 0.5)
            let middle = 6_000 ..< 18_000
            let peak = samples[middle].map(abs).max() ?? 0
            #expect(abs(peak - 0.5) < 0.05)
            // In place: the pre-skip puts the decoded tone where the source was, within the 3 samples (0.125 ms)
            // libopus's speech coder adds to its announced delay when it decodes at 24 kHz.
            let power = source[middle].map { Double($0 * $0) }.reduce(0, +)
            let snr = (-4 ... 4).map { lag in
                let error = middle.map { Double(samples[$0 + lag] - source[$0]) }.map { $0 * $0 }.reduce(0, +)
                return (lag: lag, decibels: 10 * log10(power / error))
            }.max { $0.decibels < $1.decibels }!
            #expect(snr.decibels > 30, "waveform SNR \(snr.decibels) dB at a lag of \(snr.lag)")
            #expect(abs(snr.lag) <= 3, "\(snr.lag) samples off")
        }

        @Test func pagesReachTheFileAtLeastEveryQuarterSecond() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-live.ogg"))
            let headers = try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int ?? 0
            var sizes: [Int] = []
            for second in 0 ..< 4 {
                try OpusFixtures.feed(writer, frames: 6_000, offset: second * 6_000)
                sizes.append(try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int ?? 0)
            }
            #expect(headers > 0, "the headers are written at once")
            #expect(zip([headers] + sizes, sizes).allSatisfy { $0 < $1 }, "every 0.25 s adds a page: \(sizes)")
            let info = try OggOpusReader.info(of: writer.url)
            #expect(!info.isEnded)
            #expect(info.frames >= 24_000 - 6_000, "all but the page being filled: \(info.frames)")
            writer.discard()
        }

        @Test func flushMakesEverythingButTheLastFrameReadableAndRecordingGoesOn() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-paused.ogg"))
            try OpusFixtures.feed(writer, frames: 10_000)
            try writer.flush()
            let paused = try OggOpusReader.info(of: writer.url)
            // 20 whole frames of 480 were encoded; the encoder's delay (156 frames) is not out yet.
            #expect(paused.frames == 20 * 480 - 156, "\(paused.frames)")
            try OpusFixtures.feed(writer, frames: 14_000, offset: 10_000)
            #expect(try writer.finish() == 24_000)
            #expect(try OggOpusReader.info(of: writer.url).frames == 24_000)
            #expect(!(try OpusFixtures.opusinfo(writer.url).warns))
        }

        @Test func theFileIsPrivateFromItsCreation() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-private.ogg"))
            let mode = { try FileManager.default.attributesOfItem(atPath: writer.url.path)[.posixPermissions] as? Int }
            #expect(try mode() == 0o600)
            try OpusFixtures.feed(writer, frames: 30_000)
            _ = try writer.finish()
            #expect(try mode() == 0o600)
        }

        @Test func theFactoryNamesTakesVoiceUUIDDotOgg() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriterFactory(directory: directory.url).makeWriter()
            let name = writer.url.lastPathComponent
            #expect(name.hasPrefix("voice-") && name.hasSuffix(".ogg"))
            #expect(UUID(uuidString: String(name.dropFirst(6).dropLast(4))) != nil)
            writer.discard()
            #expect(try directory.contents().isEmpty)
        }

        @Test(arguments: [0, 5_000, 48_000])
        func discardLeavesNothingBehind(frames: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-discarded.ogg"))
            try OpusFixtures.feed(writer, frames: frames)
            writer.discard()
            writer.discard()
            #expect(try directory.contents().isEmpty)
            #expect(throws: OpusError.self) { try writer.append([0]) }
            #expect(throws: OpusError.self) { try writer.finish() }
        }

        @Test func aTakeIsNeverWrittenOverAnExistingFile() throws {
            let directory = try ScratchDirectory()
            try Data("mine".utf8).write(to: directory.file("voice-taken.ogg"))
            let error = #expect(throws: OpusError.self) {
                try OggOpusTakeWriter(url: directory.file("voice-taken.ogg"))
            }
            #expect(error?.description == "voice-taken.ogg: cannot create the take's file (File exists)")
            #expect(try Data(contentsOf: directory.file("voice-taken.ogg")) == Data("mine".utf8))
        }
    }
}
