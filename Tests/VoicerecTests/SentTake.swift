import Foundation
import Testing
import VoiceRecorderFFmpeg

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
