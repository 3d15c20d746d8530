import Foundation
import Testing
import VoiceRecorderTestSupport

/// What a recording run loads: no more than recording needs (libavfilter, for playback speed only, and the thirty
/// libraries it pulls in stay out; see CFFmpeg's `vr_ffmpeg_load_filter`).
@Suite("voicerec record loads what recording needs")
struct RecordLoadsLittleTests {
    @Test func aRecordingRunDoesNotLoadFFmpegsFilterLibrary() throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(
            ["record", "--simulated", "--duration", "2"], temporaryDirectory: scratch.url, input: .pipe)
        var maps = ""
        #expect(
            wait(timeout: 10) {
                // Read to the end: a /proc file says it is empty, so reading by its size would read nothing.
                let data = FileHandle(forReadingAtPath: "/proc/\(process.pid)/maps")?.readDataToEndOfFile()
                maps = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
                return maps.contains("libavcodec")
            }, "recording has started (the encoder is loaded)")
        #expect(!maps.contains("libavfilter"), "libavfilter is loaded only when a speed change needs it")
        let result = try process.wait(timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
