import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// `voicerec record --duration S` is cut to the frame: S × 24,000 frames, every run, however the clock and the
/// capture's buffers fall.
@Suite("voicerec record --duration is exact")
struct ExactDurationTests {
    /// What one finished `record --duration` run left: the printed JSON and the file decoded back.
    struct Take {
        var printedDuration: Double
        var printedSamples: Int
        var decodedFrames: Int
    }

    /// Records `seconds` of the simulated voice in `runs` processes at once (so they also compete for the two cores,
    /// as a loaded machine would) and decodes each file.
    static func record(seconds: String, runs: Int) throws -> [Take] {
        try record(["--duration", seconds], runs: runs)
    }

    /// Records with `options` in `runs` processes at once and decodes each file.
    static func record(_ options: [String], runs: Int) throws -> [Take] {
        let scratches = try (0 ..< runs).map { _ in try ScratchDirectory() }
        let processes = try scratches.map {
            try Voicerec.start(["record", "--simulated"] + options, temporaryDirectory: $0.url)
        }
        return try zip(processes, scratches).map { process, scratch in
            let result = try process.wait()
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(jsonObject(result.stdout))
            let url = URL(fileURLWithPath: try #require(json["url"] as? String))
            #expect(try scratch.contents() == [url.lastPathComponent])
            let (_, frames) = try AudioFileReader.decode(url) { _ in }
            return Take(
                printedDuration: try #require(json["duration"] as? Double),
                printedSamples: try #require(json["samples"] as? [Double]).count,
                decodedFrames: frames)
        }
    }

    @Test func threeSecondsAreSeventyTwoThousandFramesEveryRun() throws {
        let takes = try Self.record(seconds: "3", runs: 5)
        #expect(takes.count == 5)
        for take in takes {
            #expect(take.decodedFrames == 72_000)
            #expect(take.printedDuration == 3.0)
            #expect(take.printedSamples == 60)
        }
    }

    @Test func oneAndAHalfSecondsAreThirtySixThousandFrames() throws {
        let takes = try Self.record(seconds: "1.5", runs: 2)
        for take in takes {
            #expect(take.decodedFrames == 36_000)
            #expect(take.printedDuration == 1.5)
            #expect(take.printedSamples == 30)
        }
    }

    @Test func aLengthBelowTheMinimumIsStillSentAtItsLength() throws {
        // A take asked for by its length is not an accidental tap: 0.3 s is sent as 0.3 s (7,200 frames).
        let take = try #require(try Self.record(seconds: "0.3", runs: 1).first)
        #expect(take.decodedFrames == 7_200)
        #expect(take.printedDuration == 0.3)
        #expect(take.printedSamples == 6)
    }

    @Test("a take that runs into --max holds exactly the maximum, every run (the clock never ends it a buffer early)")
    func theMaximumIsExactEveryRun() throws {
        let takes = try Self.record(["--max", "2"], runs: 5)
        for take in takes {
            #expect(take.decodedFrames == 48_000)
            #expect(take.printedDuration == 2.0)
            #expect(take.printedSamples == 40)
        }
    }
}
