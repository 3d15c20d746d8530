import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderOpus
import VoiceRecorderTestSupport

/// `voicerec memos enhance` and `export --enhance` (SPEC I.3): the switch is stored and printed, never changes the
/// memo's file; an enhanced export is the memo's own format, exactly as long, and not the original's bytes; an
/// existing PATH is refused in one line. (How much noise goes is measured on real noise in EnhanceFromAudioTests
/// and the benchmark.)
@Suite("voicerec memos: Enhance")
struct MemosEnhanceTests {
    static func speech(in memos: MemosFixture) throws -> URL {
        let wav = memos.scratch.file("speech.wav")
        _ = try ChildProcess.output(
            of: "/usr/bin/espeak-ng", ["-w", wav.path, "Pick up the keys from the front desk at noon."])
        return wav
    }

    /// Samples `file` decodes to.
    static func samples(_ file: URL) throws -> [Float] {
        var all: [Float] = []
        if file.pathExtension == "ogg" {
            _ = try OggOpusReader.decode(file) { all += $0 }
        } else {
            _ = try AudioFileReader.decode(file) { all += $0 }
        }
        return all
    }

    @Test(arguments: ["aac", "opus"])
    func theSwitchIsStoredAndAnEnhancedExportIsTheMemosFormatExactlyAsLong(_ format: String) throws {
        let memos = try MemosFixture()
        let memo = try #require(try memos.lines(["add", try Self.speech(in: memos).path, "--format", format]).first)
        let id = try #require(memo["id"] as? String)
        let file = URL(fileURLWithPath: try #require(memo["file"] as? String))
        let recorded = try Data(contentsOf: file)
        #expect(memo["enhanced"] as? Bool == false)

        // Asked for: enhanced, whatever the switch.
        let asked = memos.scratch.file("asked." + file.pathExtension)
        let exported = try #require(try memos.lines(["export", id, asked.path, "--enhance"]).first)
        #expect(exported["enhanced"] as? Bool == true)
        let original = try Self.samples(file)
        let enhanced = try Self.samples(asked)
        #expect(enhanced.count == original.count, "exactly as long, to the frame")
        #expect(try Data(contentsOf: asked) != recorded)
        #expect(try Data(contentsOf: file) == recorded, "the memo's file untouched")

        // Switched on: stored, printed, and a plain export is what is heard, enhanced.
        let switched = try #require(try memos.lines(["enhance", id]).first)
        #expect(switched["enhanced"] as? Bool == true)
        #expect(try memos.lines(["list"]).first?["enhanced"] as? Bool == true, "stored")
        let heard = memos.scratch.file("heard." + file.pathExtension)
        #expect(try memos.lines(["export", id, heard.path]).first?["enhanced"] as? Bool == true)
        #expect(try Self.samples(heard).count == original.count)
        #expect(try Data(contentsOf: file) == recorded, "the memo's file untouched")

        // Off again: a plain export is the recording, byte for byte.
        #expect(try memos.lines(["enhance", id, "--off"]).first?["enhanced"] as? Bool == false)
        let plain = memos.scratch.file("plain." + file.pathExtension)
        #expect(try memos.lines(["export", id, plain.path]).first?["enhanced"] as? Bool == false)
        #expect(try Data(contentsOf: plain) == recorded)
    }

    @Test func anExistingPathIsNeverOverwritten() throws {
        let memos = try MemosFixture()
        let memo = try #require(try memos.lines(["add", try Self.speech(in: memos).path]).first)
        let id = try #require(memo["id"] as? String)
        let taken = memos.scratch.file("taken.m4a")
        try Data("keep me".utf8).write(to: taken)
        let result = try memos.run(["export", id, taken.path, "--enhance"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "voicerec memos export: \(taken.path) already exists; it was left as it is (choose a new path)\n")
        #expect(try Data(contentsOf: taken) == Data("keep me".utf8))
        #expect(try memos.scratch.contents().filter { $0.hasSuffix(".part") }.isEmpty, "no partial file left")
    }
}
