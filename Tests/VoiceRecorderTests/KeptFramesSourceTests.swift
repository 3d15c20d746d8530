import Testing
import VoiceRecorder

/// The source behind the editor's listening (SPEC I.1): only the kept ranges are read, one after the other, and
/// its time is theirs (a test source whose every sample is its own frame number).
@Suite struct KeptFramesSourceTests {
    /// Frames numbered 0, 1, 2, …, `frames` of them; counts the seeks.
    final class NumberedSource: PCMPullSource {
        let frames: Int
        var position = 0
        var seeks = 0
        init(frames: Int) { self.frames = frames }
        var duration: Double { Double(frames) / 24_000 }
        func seek(to seconds: Double) throws {
            position = Int((seconds * 24_000).rounded())
            seeks += 1
        }
        func read(maxFrames: Int) throws -> [Float]? {
            guard position < frames else { return nil }
            let end = min(frames, position + maxFrames)
            defer { position = end }
            return (position ..< end).map(Float.init)
        }
    }

    func readAll(_ source: KeptFramesSource, chunk: Int = 1_000) throws -> [Float] {
        var all: [Float] = []
        while let frames = try source.read(maxFrames: chunk) { all += frames }
        return all
    }

    @Test func onlyTheKeptRangesAreReadOneAfterTheOther() throws {
        let numbered = NumberedSource(frames: 48_000)
        let kept = try KeptFramesSource(source: numbered, kept: [100 ..< 2_500, 30_000 ..< 30_010, 47_990 ..< 48_000])
        #expect(kept.duration == 2_420.0 / 24_000)
        #expect(
            try readAll(kept)
                == (Array(100 ..< 2_500) + Array(30_000 ..< 30_010) + Array(47_990 ..< 48_000)).map(Float.init))
        #expect(try kept.read(maxFrames: 10) == nil, "and then the end")
    }

    @Test func aSeekIsInTheKeptTime() throws {
        let kept = try KeptFramesSource(
            source: NumberedSource(frames: 48_000), kept: [0 ..< 24_000, 36_000 ..< 48_000])
        try kept.seek(to: 1.25)  // a quarter second into the second range
        #expect(try kept.read(maxFrames: 3) == [42_000, 42_001, 42_002])
        try kept.seek(to: 0.5)
        #expect(try kept.read(maxFrames: 1) == [12_000])
        try kept.seek(to: 10)
        #expect(try kept.read(maxFrames: 1) == nil, "past the end")
    }

    @Test func whatLiesBetweenIsSkippedNotRead() throws {
        let numbered = NumberedSource(frames: 240_000)
        let kept = try KeptFramesSource(source: numbered, kept: [0 ..< 10, 200_000 ..< 200_010])
        #expect(try readAll(kept, chunk: 4).count == 20)
        #expect(numbered.seeks == 2, "once at the start, once to the second range")
    }
}
