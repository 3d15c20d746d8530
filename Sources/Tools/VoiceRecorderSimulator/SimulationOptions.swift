import Foundation
import VoiceRecorder

/// The options of a scripted run (`voicerec simulate` reads them from its command line).
public struct SimulationOptions: Sendable, Equatable {
    /// Where the audio comes from.
    public enum Source: String, Sendable, Equatable, CaseIterable { case simulated, microphone }

    /// The control's width in points.
    public var width = 390.0
    /// Right to left.
    public var rightToLeft = false
    /// The text scale.
    public var textScale = 1.0
    /// `minimumDuration`, if set.
    public var minimum: Double?
    /// `maximumDuration`, if set.
    public var maximum: Double?
    /// The source: the simulated one needs no permission; the (virtual) microphone goes through access.
    public var source = Source.simulated
    /// The microphone's access state at the start.
    public var access = AccessStatus.granted
    /// How long audio takes to start.
    public var audioStartDelay = 0.0
    /// Whether audio fails to start.
    public var audioStartFails = false
    /// Whether a screen reader is on.
    public var screenReader = false
    /// Pause and preview (SPEC D): the script's `pause`, `resume`, `play`, `pause-playback`, `seek` and `trim`
    /// lines, and `state` lines with `playhead` and `keptRange`.
    public var preview = false
    /// Where real files are written (`--write DIR`), if anywhere.
    public var writeDirectory: String?

    public init() {}

    /// The durations these options ask for.
    public var durations: Durations {
        Durations(minimum: minimum ?? Durations.defaultMinimum, maximum: maximum ?? Durations.defaultMaximum)
    }
}
