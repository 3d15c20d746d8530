import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// The take a `voicerec record` run sent, read from its JSON line, with what every such file must be checked to be:
/// AAC, holding exactly the duration the line gives.
struct SentTake {
    let duration: Double
    let url: URL

    init(stdout: String) throws {
        let json = try #require(jsonObject(stdout), "a JSON line on standard output: \(stdout)")
        duration = try #require(json["duration"] as? Double)
        url = URL(fileURLWithPath: try #require(json["url"] as? String))
        let (info, frames) = try AudioFileReader.decode(url) { _ in }
        #expect(info.codecName == "aac")
        #expect(abs(Double(frames) / 24_000 - duration) < 0.001, "the file holds the duration sent")
    }
}

/// Waits until the take `voicerec` is recording in `directory` (its `TMPDIR`, or a library's takes) holds at least
/// `seconds`, read back as it is written: the moment a test sends a key or a signal to a take of a known length,
/// however long the process took to start recording. Records an issue when it does not get there in `timeout`
/// seconds, with what the process said.
func waitUntilRecorded(
    _ seconds: Double, in directory: URL, by process: ChildProcess, timeout: Double = 15,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let recorded = TakeOnDisk.waitUntilRecorded(seconds, in: directory, timeout: timeout) { file in
        (try? AudioFileReader.decode(file) { _ in }).map { Double($0.frames) / 24_000 }
    }
    #expect(
        recorded, "no take of \(seconds) s in \(directory.path) (stderr: \(process.capturedErrors))",
        sourceLocation: sourceLocation)
}
