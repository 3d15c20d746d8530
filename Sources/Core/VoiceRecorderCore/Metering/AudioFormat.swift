/// The one PCM format that flows through the package: mono 32-bit float at 24 kHz (SPEC A.5).
public enum AudioFormat {
    /// Frames per second of every PCM buffer, meter and file.
    public static let sampleRate = 24_000
    /// Channels: voice messages are mono.
    public static let channels = 1
    /// Frames in one 50 ms metering window (SPEC A.5).
    public static let framesPerWindow = 1_200
    /// Length of one metering window in seconds.
    public static let windowDuration = 0.05
}
