import Foundation
import Testing
import VoiceMemos
import VoiceMemosAudio
import VoiceRecorder
import VoiceRecorderAudioFiles

/// SPEC I.2's pauses found in a real memo's audio: a tone, two seconds of digital silence, the tone again, written
/// as a memo is (AAC and Ogg Opus) and decoded back by the player's adapter.
@Suite struct SilenceSkipsFromAudioTests {
    @Test(arguments: [TakeFormat.aac, .opus])
    func theSilenceBetweenTwoTonesIsFoundAndShortened(format: TakeFormat) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicememos-silence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("memo.\(format.fileExtension)")
        let writer = try TakeWriters.writer(to: url, format: format)
        let tone = (0 ..< 24_000).map { 0.5 * Float(sin(2 * .pi * 440 * Double($0) / 24_000)) }
        try writer.append(tone)
        try writer.append([Float](repeating: 0, count: 48_000))
        try writer.append(tone)
        let frames = try writer.finish()

        let skips = try PulseAudioMemoPlayer().silenceSkips(of: url)
        #expect(skips.skipped.count == 1, "\(skips.skipped)")
        let skipped = try #require(skips.skipped.first)
        // The pause is 1–3 s; the coder's ring at its edges may take a block or two of it.
        #expect(abs(Double(skipped.lowerBound) / 24_000 - 1.1) < 0.03, "\(skipped)")
        #expect(abs(Double(skipped.upperBound) / 24_000 - 2.9) < 0.03, "\(skipped)")
        #expect(abs(Double(skips.playedFrames(of: frames)) / 24_000 - 2.2) < 0.06)
    }
}
