import Foundation

/// The PCM of the simulated source (SPEC A.10): a soft voiced tone shaped by `SimulatedSpeech`, mono 24 kHz Float.
///
/// - Pitch: 150 Hz with a ±14 Hz vibrato at 2.7 Hz. The phase is the frequency's exact integral,
///   `150 t + 14 / (2π·2.7) × (1 − cos 2π·2.7 t)`, so the tone is phase-continuous and every frame is a function of
///   its index alone: rendering in chunks of any sizes, or from any start, gives the same samples as rendering at once.
/// - Timbre: 70 % fundamental + 30 % second harmonic.
/// - Amplitude: 0.42 × loudness, where the loudness is each 50 ms window's `SimulatedSpeech` level (taken at the
///   window's middle) eased with a smoothstep from one window's middle to the next, so there are no clicks at window
///   edges and the file's waveform follows the bars.
public struct SimulatedTone: Sendable, Equatable {
    /// The tone's centre frequency, in Hz.
    public static let baseFrequency = 150.0
    /// How far the vibrato swings either side of the centre, in Hz.
    public static let vibratoDepth = 14.0
    /// How often the vibrato swings, in Hz.
    public static let vibratoRate = 2.7
    /// The share of the fundamental in the timbre.
    public static let fundamentalShare = 0.7
    /// The share of the second harmonic in the timbre.
    public static let harmonicShare = 0.3
    /// The amplitude at loudness 1.
    public static let amplitude = 0.42

    /// The index of the next frame `render` produces (frame 0 is the source's start).
    public private(set) var nextFrame: Int

    /// The most recently used pair of window levels, so consecutive frames don't recompute them.
    private var cachedWindow = Int.min
    private var cachedLevels = (0.0, 0.0)

    /// Two tones are equal when they will render the same frames next (the cache is not part of the value).
    public static func == (lhs: SimulatedTone, rhs: SimulatedTone) -> Bool { lhs.nextFrame == rhs.nextFrame }

    /// A tone whose first rendered frame is `startFrame` (24 kHz frames from the source's start).
    public init(startFrame: Int = 0) {
        nextFrame = max(startFrame, 0)
    }

    /// Renders the next `frames` frames (none for a count ≤ 0).
    public mutating func render(frames: Int) -> [Float] {
        guard frames > 0 else { return [] }
        var samples = [Float](repeating: 0, count: frames)
        for offset in 0 ..< frames {
            samples[offset] = renderedSample(atFrame: nextFrame + offset)
        }
        nextFrame += frames
        return samples
    }

    /// The tone's sample at `frame` (what `render` produces there, computed on its own).
    public static func sample(atFrame frame: Int) -> Float {
        sample(atFrame: frame, loudness: easedLoudness(atFrame: frame))
    }

    /// The sample at `frame` for rendering: as `sample(atFrame:)`, with the window levels cached.
    private mutating func renderedSample(atFrame frame: Int) -> Float {
        Self.sample(atFrame: frame, loudness: cachedEasedLoudness(atFrame: frame))
    }

    /// The voiced wave at `frame`, at `loudness`.
    private static func sample(atFrame frame: Int, loudness: Double) -> Float {
        guard loudness > 0 else { return 0 }
        let phase = phase(at: Double(frame) / Double(AudioFormat.sampleRate))
        let wave = fundamentalShare * sin(2 * .pi * phase) + harmonicShare * sin(4 * .pi * phase)
        return Float(amplitude * loudness * wave)
    }

    /// The fundamental's phase, in cycles with the whole cycles dropped (0 ..< 1), at `time` seconds.
    public static func phase(at time: Double) -> Double {
        let vibrato = vibratoDepth / (2 * .pi * vibratoRate) * (1 - cos(2 * .pi * vibratoRate * time))
        let cycles = baseFrequency * time + vibrato
        return cycles - cycles.rounded(.down)
    }

    /// The instantaneous frequency at `time` seconds, in Hz: the derivative of `phase(at:)`.
    public static func frequency(at time: Double) -> Double {
        baseFrequency + vibratoDepth * sin(2 * .pi * vibratoRate * time)
    }

    /// The loudness 0…1 shaping `frame`: eased between the levels of the windows whose middles surround it.
    public static func easedLoudness(atFrame frame: Int) -> Double {
        let (left, fraction) = easingPosition(ofFrame: frame)
        return ease(from: windowLevel(max(left, 0)), to: windowLevel(left + 1), fraction: fraction)
    }

    /// `easedLoudness(atFrame:)`, reusing the window levels of the previous frame (they change once per window).
    private mutating func cachedEasedLoudness(atFrame frame: Int) -> Double {
        let (left, fraction) = Self.easingPosition(ofFrame: frame)
        if left != cachedWindow {
            cachedWindow = left
            cachedLevels = (Self.windowLevel(max(left, 0)), Self.windowLevel(left + 1))
        }
        return Self.ease(from: cachedLevels.0, to: cachedLevels.1, fraction: fraction)
    }

    /// The window whose middle is at or before `frame` (−1 before the first middle), and how far `frame` is from that
    /// middle toward the next, 0 ..< 1.
    private static func easingPosition(ofFrame frame: Int) -> (window: Int, fraction: Double) {
        let window = AudioFormat.framesPerWindow
        let fromFirstMiddle = frame - window / 2
        let left = fromFirstMiddle >= 0 ? fromFirstMiddle / window : -1
        return (left, Double(fromFirstMiddle - left * window) / Double(window))
    }

    /// Smoothstep easing from `a` to `b`: flat at both ends, so the loudness has no corners at window middles.
    private static func ease(from a: Double, to b: Double, fraction: Double) -> Double {
        a + (b - a) * fraction * fraction * (3 - 2 * fraction)
    }

    /// The `SimulatedSpeech` level of 50 ms window `index`, taken at its middle.
    public static func windowLevel(_ index: Int) -> Double {
        SimulatedSpeech.loudness(at: (Double(index) + 0.5) * AudioFormat.windowDuration)
    }
}
