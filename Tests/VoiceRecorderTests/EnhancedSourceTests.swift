import Testing
import VoiceRecorder

/// The source behind Enhance (SPEC I.3): every frame of the source comes out once, at its own time, through the
/// enhancer's blocks; after a seek a new enhancer hears the second before the new position first. (The enhancer
/// here is a stand-in that adds the number of blocks it has processed to each sample, so what it heard before
/// shows in what it gives; the real one is tested on real audio in VoiceMemosAudioTests.)
@Suite struct EnhancedSourceTests {
    final class CountingEnhancer: SoundEnhancer {
        let blockFrames = 240
        var blocks = 0
        func process(_ block: inout [Float]) throws {
            blocks += 1
            block = block.map { $0 + Float(blocks) * EnhancedSourceTests.scale }
        }
    }

    /// What the counting enhancer adds per block: above every frame number here, and small enough that a Float
    /// still holds block count and frame number exactly.
    static let scale: Float = 131_072

    /// The frame numbers read back out of what the counting enhancer gave (its block count taken off).
    func frameNumbers(_ samples: [Float]) -> [Int] {
        samples.map { Int($0.truncatingRemainder(dividingBy: Self.scale)) }
    }

    /// Which of its blocks the enhancer was on when it gave `sample`.
    func block(_ sample: Float) -> Int { Int(sample / Self.scale) }

    func readAll(_ source: PCMPullSource, chunk: Int = 1_000) throws -> [Float] {
        var all: [Float] = []
        while let frames = try source.read(maxFrames: chunk) { all += frames }
        return all
    }

    @Test func everyFrameComesOutOnceInOrderWhateverTheBlocksAndReads() throws {
        for (frames, chunk) in [(24_000, 1_000), (24_017, 333), (100, 4_096), (240, 1)] {
            let enhancers = Box<[CountingEnhancer]>([])
            let source = try EnhancedSource(source: KeptFramesSourceTests.NumberedSource(frames: frames)) {
                let enhancer = CountingEnhancer()
                enhancers.value.append(enhancer)
                return enhancer
            }
            let all = try readAll(source, chunk: chunk)
            #expect(frameNumbers(all) == Array(0 ..< frames), "\(frames) frames read \(chunk) at a time")
            #expect(enhancers.value.count == 1)
            #expect(enhancers.value[0].blocks == (frames + 239) / 240, "the last block filled out, not dropped")
            #expect(source.duration == Double(frames) / 24_000)
            #expect(try source.read(maxFrames: 10) == nil, "and then the end")
        }
    }

    @Test func aSeekStartsANewEnhancerThatHearsTheSecondBeforeFirst() throws {
        let numbered = KeptFramesSourceTests.NumberedSource(frames: 120_000)
        let enhancers = Box<[CountingEnhancer]>([])
        let source = try EnhancedSource(source: numbered) {
            let enhancer = CountingEnhancer()
            enhancers.value.append(enhancer)
            return enhancer
        }
        try source.seek(to: 3)
        let first = try #require(try source.read(maxFrames: 480))
        #expect(frameNumbers(first) == Array(72_000 ..< 72_240), "from the new position exactly, a block at a time")
        #expect(enhancers.value.count == 2, "a new enhancer for the seek")
        // It processed the second before 3 s (100 blocks) and then the block read.
        #expect(enhancers.value[1].blocks == 101)
        #expect(block(first[0]) == 101, "the first frame heard is the 101st block the new one processed")

        try source.seek(to: 0.5)
        let start = try #require(try source.read(maxFrames: 240))
        #expect(frameNumbers(start) == Array(12_000 ..< 12_240), "near the start the warm-up is what there is")
        #expect(block(start[0]) == 51)

        try source.seek(to: 10)
        #expect(try source.read(maxFrames: 240) == nil, "past the end: nothing")
    }

    /// A value the enhancer factory (an escaping closure) can add to.
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
}
