/// Repeatable pseudo-random numbers from an integer: the same index always gives the same value, on every platform
/// and every run, so the simulated source draws the same picture in previews, screenshots and tests.
enum RepeatableNoise {
    /// A value in 0..<1 for `index`, from the SplitMix64 finaliser (a well-mixed 64-bit hash) of the index and a
    /// `seed` that keeps unrelated uses apart.
    static func unit(_ index: Int, seed: UInt64) -> Double {
        var z = UInt64(bitPattern: Int64(index)) &+ seed &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        // The top 53 bits fill a Double's mantissa exactly.
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }
}
