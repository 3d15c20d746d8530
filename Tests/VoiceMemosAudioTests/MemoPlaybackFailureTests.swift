import Foundation
import Testing
import VoiceMemos
import VoiceMemosAudio
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio

/// Files that can't be played: `play` throws, in one line naming the file, before any sound server is reached.
extension PulseAudioMemoPlayerTests {
    @Suite struct Failing {
        /// Nothing listens here: a file that failed at decoding never gets as far as the server.
        let player = PulseAudioMemoPlayer(server: "unix:/tmp/vr-no-such-server/native")

        @Test func aCorruptFileIsRefusedWithWords() throws {
            let memo = try MemoFile(seconds: 1)
            let noise = try memo.sibling(
                "corrupt.m4a", bytes: (0 ..< 20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
            let log = ReportLog()
            #expect {
                _ = try player.play(noise, from: 0, rate: 1.5, reports: log.reports)
            } throws: { error in
                print("corrupt file: \(error)")
                return "\(error)" == "corrupt.m4a: not an audio file (it has no index)" && error is FFmpegError
            }
            #expect(log.entries.isEmpty, "a thrown failure is not also reported")
        }

        @Test func aTruncatedTakeIsRefusedWithWords() throws {
            let memo = try MemoFile(seconds: 1)
            let whole = try [UInt8](Data(contentsOf: memo.url))
            let cut = try memo.sibling("cut.m4a", bytes: Array(whole.prefix(whole.count / 3)))
            #expect {
                _ = try player.play(cut, from: 0, rate: 2, reports: { _ in })
            } throws: { error in
                print("truncated file: \(error)")
                return "\(error)".hasPrefix("cut.m4a: ") && !"\(error)".contains("\n")
            }
        }

        @Test func aMissingFileIsRefusedWithWords() throws {
            let memo = try MemoFile(seconds: 1)
            let gone = memo.directory.appendingPathComponent("gone.m4a")
            #expect {
                _ = try player.play(gone, from: 0, rate: 1, reports: { _ in })
            } throws: { error in
                "\(error)" == "gone.m4a: no such file"
            }
        }

        @Test func aSpeedOutOfRangeIsRefusedWithWords() throws {
            let memo = try MemoFile(seconds: 1)
            #expect {
                _ = try player.play(memo.url, from: 0, rate: 2.5, reports: { _ in })
            } throws: { error in
                "\(error)" == "cannot play at 2.5×: the speed must be from 0.5× to 2×"
            }
        }

        @Test func noSoundServerIsRefusedWithWords() throws {
            let memo = try MemoFile(seconds: 1)
            #expect {
                _ = try player.play(memo.url, from: 0, rate: 1, reports: { _ in })
            } throws: { error in
                print("no server: \(error)")
                // What the memos model shows in its log (it reads `LocalizedError` first).
                return (error as? LocalizedError)?.errorDescription
                    == "no sound server is reachable (Connection refused)"
            }
        }
    }
}

/// The PulseAudio player changes speed only with a source that can (`RatePullSource`); no server is needed to see it.
extension PulseAudioMemoPlayerTests {
    @Suite struct PlainSources {
        @Test func aPlainSourcePlaysAtNormalSpeedOnly() throws {
            let player = PulseAudioPlayer(source: SilenceSource(), server: "unix:/tmp/vr-no-such-server/native")
            #expect(player.playbackRate == 1)
            try player.setRate(1)
            #expect {
                try player.setRate(2)
            } throws: { error in
                (error as? PulseAudioError)?.message == "This audio plays at normal speed only"
            }
            #expect(player.playbackRate == 1)
        }
    }
}

/// A second of silence.
private final class SilenceSource: PCMPullSource {
    private var left = 24_000
    func read(maxFrames: Int) throws -> [Float]? {
        guard left > 0 else { return nil }
        let count = min(maxFrames, left)
        left -= count
        return [Float](repeating: 0, count: count)
    }
    func seek(to seconds: Double) throws { left = max(0, 24_000 - Int(seconds * 24_000)) }
    var duration: Double { 1 }
}
