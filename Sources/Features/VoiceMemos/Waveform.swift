/// A memo's waveform as it is kept in memory: each loudness (0…1) as an 8-bit level, 1/255 of full scale.
///
/// A list holds every memo of the library at once, so what one memo costs is paid 10,000 times: 160 levels take
/// 160 bytes here instead of 1,280 as doubles. 1/255 is still finer than any bar a row draws (a row's bars are at
/// most a few dozen pixels tall). The library stores waveforms finer (16-bit, `StoredWaveform`); what is read back
/// is brought to these levels the same way as what is kept, so a memo read back equals the memo kept.
public struct Waveform: Sendable, Hashable {
    /// The levels, 0 (silence) … 255 (full scale), oldest first.
    public let levels: [UInt8]

    private static let fullScale = Double(UInt8.max)

    /// The waveform of `samples` (loudnesses 0…1; out-of-range values are clamped, non-finite ones read as 0).
    public init(_ samples: [Double]) {
        levels = samples.map(Self.level)
    }

    /// A waveform of these levels.
    public init(levels: [UInt8]) { self.levels = levels }

    /// The loudnesses 0…1, one per level.
    public var samples: [Double] { levels.map { Double($0) / Self.fullScale } }

    /// How many values there are.
    public var count: Int { levels.count }

    /// The level a loudness is kept as.
    public static func level(_ sample: Double) -> UInt8 {
        guard sample.isFinite else { return 0 }
        return UInt8((min(max(sample, 0), 1) * fullScale).rounded())
    }
}
