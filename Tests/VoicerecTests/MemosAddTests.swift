import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// `voicerec memos add FILE`: an audio file imported as a memo, the original untouched.
@Suite("voicerec memos add")
struct MemosAddTests {
    @Test func anM4AIsCopiedAsItIsAndTheOriginalIsUntouched() throws {
        let memos = try MemosFixture()
        let original = memos.scratch.file("message.m4a")
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "2", "--output", original.path],
            temporaryDirectory: memos.scratch.url)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let before = try FileFingerprint(original)

        let memo = try memos.object(["add", original.path])
        #expect(try FileFingerprint(original) == before, "the original is left as it was")
        let file = URL(fileURLWithPath: try #require(memo["file"] as? String))
        #expect(file.deletingLastPathComponent().path == memos.memosDirectory.path)
        #expect(try Data(contentsOf: file) == before.bytes, "an AAC .m4a is copied byte for byte")
        #expect(memo["duration"] as? Double == 2)
        #expect((memo["samples"] as? [Double])?.count == 40)
        #expect(memo["recovered"] as? Bool == false)
        #expect(memo["title"] as? String == "")
        let date = try #require(isoDate(memo["date"]))
        let modified = try #require(before.modified)
        #expect(abs(date.timeIntervalSince(modified) + 2) < 0.01, "dated when it was recorded: modified less 2 s")
        #expect(try memos.listedIDs() == [memo["id"] as? String].compactMap { $0 })
        #expect(names(in: memos.takesDirectory).isEmpty, "nothing is left in the takes directory")
    }

    @Test func anotherFormatIsEncodedAsAnAACM4A() throws {
        let memos = try MemosFixture()
        // 1.25 s of a 440 Hz tone, 44.1 kHz stereo 16-bit WAV: another rate, channel count and codec.
        let wav = memos.scratch.file("tone.wav")
        try WAV.tone(seconds: 1.25, rate: 44_100, channels: 2).write(to: wav)
        let before = try FileFingerprint(wav)

        let memo = try memos.object(["add", wav.path])
        #expect(try FileFingerprint(wav) == before)
        let file = URL(fileURLWithPath: try #require(memo["file"] as? String))
        let (info, frames) = try AudioFileReader.decode(file) { _ in }
        #expect(info.codecName == "aac" && info.sampleRate == 24_000 && info.channels == 1)
        #expect(frames == 30_000, "1.25 s at 24 kHz")
        #expect(memo["duration"] as? Double == 1.25)
        let samples = try #require(memo["samples"] as? [Double])
        #expect(samples.count == 25 && samples.allSatisfy { $0 > 0.3 }, "the tone is loud all through: \(samples)")
    }

    @Test(arguments: [("notes.m4a", Array("Dear diary, nothing recorded today.\n".utf8)), ("empty.wav", [])])
    func aFileThatIsNotAudioIsOneLineAndAddsNothing(_ input: (name: String, bytes: [UInt8])) throws {
        let memos = try MemosFixture()
        let file = memos.scratch.file(input.name)
        try Data(input.bytes).write(to: file)
        let result = try memos.run(["add", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("voicerec memos add: "))
        #expect(result.stderr.contains(input.name), "names the file")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(try memos.listedIDs().isEmpty)
        #expect(names(in: memos.takesDirectory).isEmpty && names(in: memos.memosDirectory).isEmpty)
    }

    @Test func aWAVOfSilenceWithNoFramesHoldsNoAudio() throws {
        let memos = try MemosFixture()
        let wav = memos.scratch.file("nothing.wav")
        try WAV.tone(seconds: 0, rate: 24_000, channels: 1).write(to: wav)
        let result = try memos.run(["add", wav.path])
        #expect(result.status == 1)
        #expect(result.stderr == "voicerec memos add: \(wav.path): holds no audio to keep\n")
        #expect(names(in: memos.takesDirectory).isEmpty && names(in: memos.memosDirectory).isEmpty)
    }
}

/// Minimal PCM WAV files, written by hand so the test knows exactly what they hold.
enum WAV {
    /// A 440 Hz tone at half scale, 16-bit PCM.
    static func tone(seconds: Double, rate: Int, channels: Int) -> Data {
        let frames = Int(seconds * Double(rate))
        var samples = Data(capacity: frames * channels * 2)
        for frame in 0 ..< frames {
            let value = Int16(16_000 * sin(2 * Double.pi * 440 * Double(frame) / Double(rate)))
            for _ in 0 ..< channels { withUnsafeBytes(of: value.littleEndian) { samples.append(contentsOf: $0) } }
        }
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36 + samples.count))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))
        append(UInt16(channels))
        append(UInt32(rate))
        append(UInt32(rate * channels * 2))
        append(UInt16(channels * 2))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(samples.count))
        return data + samples
    }
}

/// `voicerec memos add FILE…` with several files (SPEC J.3): each imported on its own.
@Suite("voicerec memos add, several files")
struct MemosAddSeveralTests {
    @Test func eachAudioFileIsAMemoAndAFileThatIsNotAudioIsOneLineNamingIt() throws {
        let memos = try MemosFixture()
        let first = memos.scratch.file("first.wav")
        let notes = memos.scratch.file("notes.txt")
        let second = memos.scratch.file("second.wav")
        try WAV.tone(seconds: 1, rate: 24_000, channels: 1).write(to: first)
        try Data("Dear diary.\n".utf8).write(to: notes)
        try WAV.tone(seconds: 0.5, rate: 24_000, channels: 1).write(to: second)
        let result = try memos.run(["add", first.path, notes.path, second.path])
        #expect(result.status == 1, "one file was not imported")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "a JSON line for each memo: \(result.stdout)")
        let durations = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["duration"]
                as? Double
        }
        #expect(durations == [1, 0.5], "in the order given")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("voicerec memos add: ") && result.stderr.contains("notes.txt"))
        #expect(try memos.listedIDs().count == 2)
    }
}
