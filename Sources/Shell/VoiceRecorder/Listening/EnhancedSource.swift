/// A source played through a `SoundEnhancer` (SPEC I.3): the same frames, at the same times, with the noise
/// suppressed and the level evened. `duration`, `seek(to:)` and the frames read are the source's own.
///
/// An enhancer learns what the noise sounds like from what it has heard, so a fresh one lets the first moments
/// through almost untouched. After a seek the enhancer is new and hears `warmUpSeconds` of what comes before the
/// new position first (decoded and processed, not played), so playing from the middle sounds as playing through.
public final class EnhancedSource: PCMPullSource {
    /// How much audio before a seek's position a new enhancer hears first.
    public static let warmUpSeconds = 1.0

    private let source: PCMPullSource
    private let makeEnhancer: () throws -> any SoundEnhancer
    private var enhancer: any SoundEnhancer
    /// Frames read from the source that do not fill a block yet.
    private var pending: [Float] = []
    /// Enhanced frames not read yet.
    private var ready: [Float] = []
    /// Enhanced frames still to drop: the warm-up before a seek's position.
    private var toDrop = 0
    private var sourceEnded = false

    /// `source` enhanced by what `makeEnhancer` makes (called again for each seek), from its start.
    public init(source: PCMPullSource, makeEnhancer: @escaping () throws -> any SoundEnhancer) throws {
        self.source = source
        self.makeEnhancer = makeEnhancer
        self.enhancer = try makeEnhancer()
    }

    public var duration: Double { source.duration }

    public func seek(to seconds: Double) throws {
        let rate = Double(AudioFormat.sampleRate)
        let target = Int((max(0, seconds) * rate).rounded())
        let start = max(0, target - Int(Self.warmUpSeconds * rate))
        try source.seek(to: Double(start) / rate)
        enhancer = try makeEnhancer()
        pending = []
        ready = []
        sourceEnded = false
        toDrop = target - start
    }

    public func read(maxFrames: Int) throws -> [Float]? {
        while ready.isEmpty || toDrop > 0 {
            if toDrop > 0, !ready.isEmpty {
                let dropped = min(toDrop, ready.count)
                ready.removeFirst(dropped)
                toDrop -= dropped
                continue
            }
            guard try enhanceMore() else { return nil }
        }
        let count = min(maxFrames, ready.count)
        defer { ready.removeFirst(count) }
        return Array(ready[..<count])
    }

    /// Enhances the next block(s) into `ready`; false once everything was.
    private func enhanceMore() throws -> Bool {
        let block = enhancer.blockFrames
        while pending.count < block, !sourceEnded {
            if let frames = try source.read(maxFrames: block * 10) {
                pending += frames
            } else {
                sourceEnded = true
            }
        }
        guard !pending.isEmpty else { return false }
        // The last block is filled out with silence to the enhancer's size, and only its real frames are kept.
        let real = min(block, pending.count)
        var samples = Array(pending[..<real]) + Array(repeating: 0, count: block - real)
        pending.removeFirst(real)
        try enhancer.process(&samples)
        ready += samples[..<real]
        return true
    }
}
