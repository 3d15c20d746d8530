/// Turns a take's window loudnesses into the `samples` of a Recording (SPEC A.5): at most 160 values, oldest first,
/// ready for a waveform view.
public enum WaveformCompression {
    /// The most samples a Recording carries.
    public static let maximumSampleCount = 160

    /// Compresses `windows` to at most `count` values.
    ///
    /// With `n ≤ count` windows they are returned unchanged. Otherwise stretch `i` spans windows
    /// `i·n/count ..< max((i+1)·n/count, i·n/count + 1)` (integer division) and gives its peak, so every window lands
    /// in exactly one stretch and a short loud sound is never averaged away.
    public static func compress(_ windows: [Double], to count: Int = maximumSampleCount) -> [Double] {
        let n = windows.count
        guard count > 0 else { return [] }
        guard n > count else { return windows }
        return (0 ..< count).map { i in
            let start = i * n / count
            let end = max((i + 1) * n / count, start + 1)
            return windows[start ..< end].max() ?? 0
        }
    }
}
