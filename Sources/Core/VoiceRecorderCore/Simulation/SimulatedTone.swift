import Foundation

/// The PCM of the simulated source (SPEC A.10): a soft voiced tone shaped by `SimulatedSpeech`, mono 24 kHz Float.
///
/// - Pitch: 150 Hz with a ±14 Hz vibrato at 2.7 Hz. The phase is the frequency's exact integral,
///   `150 t + 14 / (2π·2.7) × (1 − cos 2π·2.7 t)`, so the tone is phase-continuous and every frame is a function of
///   its index alone: rendering in chunks of any sizes, or from any start, gives the same samples as rendering at once.
/// - Timbre: 70 % fundamental + 30 % second harmonic.
/// - Amplitude: chosen so that metering the PCM reads the levels back. Each 50 ms window has the `SimulatedSpeech`
///   level L taken at its middle; the window's wave crests at `Loudness.peak(forLevel: L)` (capped at 0.9), so its
///   peak through the loudness curve is L again — pauses meter as the 0.02–0.05 hum, phrases as their own loudness,
///   and a level of 1 reads about 0.97. Between windows the amplitude is eased (smoothstep, a quarter window long)
///   *inside the louder of the two windows*: a quiet window never carries any of its louder neighbour's amplitude,
///   so its peak stays its own, and there are no clicks at window edges.
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
    /// The highest peak the tone reaches (at a level of about 0.97 and above): headroom below full scale, so the
    /// encoder never clips.
    public static let peakLimit = 0.9
    /// How many frames an easing between two windows' amplitudes takes: a quarter window (12.5 ms), so a window that
    /// eases in at its start and out at its end still holds its own amplitude for half a window — more than one
    /// period of the tone, so its crest is always reached.
    public static let easingFrames = AudioFormat.framesPerWindow / 4

    /// The largest value of the timbre's wave `f sin x + h sin 2x` (f, h the shares): about 0.867. Its derivative
    /// `f cos x + 2h cos 2x` vanishes where `4h c² + f c − 2h = 0` with `c = cos x`.
    public static let crest: Double = {
        let f = fundamentalShare
        let h = harmonicShare
        let c = (-f + (f * f + 32 * h * h).squareRoot()) / (8 * h)
        let x = acos(c)
        return f * sin(x) + h * sin(2 * x)
    }()

    /// The index of the next frame `render` produces (frame 0 is the source's start).
    public private(set) var nextFrame: Int

    /// The window whose amplitudes are cached, and its neighbours' and its own peaks, so consecutive frames don't
    /// recompute them.
    private var cachedWindow = Int.min
    private var cachedPeaks = WindowPeaks(previous: 0, current: 0, next: 0)

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
            let frame = nextFrame + offset
            let window = frame / AudioFormat.framesPerWindow
            if window != cachedWindow {
                cachedWindow = window
                cachedPeaks = Self.peaks(around: window)
            }
            samples[offset] = Self.sample(atFrame: frame, peak: Self.envelope(atFrame: frame, peaks: cachedPeaks))
        }
        nextFrame += frames
        return samples
    }

    /// The tone's sample at `frame` (what `render` produces there, computed on its own).
    public static func sample(atFrame frame: Int) -> Float {
        sample(atFrame: frame, peak: envelope(atFrame: frame))
    }

    /// The voiced wave at `frame`, cresting at `peak`.
    private static func sample(atFrame frame: Int, peak: Double) -> Float {
        guard peak > 0 else { return 0 }
        let phase = phase(at: Double(frame) / Double(AudioFormat.sampleRate))
        let wave = fundamentalShare * sin(2 * .pi * phase) + harmonicShare * sin(4 * .pi * phase)
        return Float(peak / crest * wave)
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

    /// The `SimulatedSpeech` level of 50 ms window `index`, taken at its middle: what metering the window reads.
    public static func windowLevel(_ index: Int) -> Double {
        SimulatedSpeech.loudness(at: (Double(max(index, 0)) + 0.5) * AudioFormat.windowDuration)
    }

    /// The crest of window `index`'s wave: the peak whose loudness is the window's level, at most `peakLimit`.
    public static func windowPeak(_ index: Int) -> Double {
        min(Loudness.peak(forLevel: windowLevel(index)), peakLimit)
    }

    /// The crest the wave has at `frame`: its window's peak, eased from or toward a quieter neighbour's at the
    /// window's ends.
    public static func envelope(atFrame frame: Int) -> Double {
        envelope(atFrame: frame, peaks: peaks(around: frame / AudioFormat.framesPerWindow))
    }

    /// A window's peak and its neighbours' (the first window is its own previous neighbour).
    private struct WindowPeaks: Sendable {
        var previous, current, next: Double
    }

    private static func peaks(around window: Int) -> WindowPeaks {
        WindowPeaks(previous: windowPeak(max(window - 1, 0)), current: windowPeak(window), next: windowPeak(window + 1))
    }

    private static func envelope(atFrame frame: Int, peaks: WindowPeaks) -> Double {
        let offset = frame % AudioFormat.framesPerWindow
        let fromEnd = AudioFormat.framesPerWindow - easingFrames
        if offset < easingFrames, peaks.previous < peaks.current {
            return ease(from: peaks.previous, to: peaks.current, fraction: Double(offset) / Double(easingFrames))
        }
        if offset >= fromEnd, peaks.next < peaks.current {
            return ease(from: peaks.current, to: peaks.next, fraction: Double(offset - fromEnd) / Double(easingFrames))
        }
        return peaks.current
    }

    /// Smoothstep easing from `a` to `b`: flat at both ends, so the amplitude has no corners.
    private static func ease(from a: Double, to b: Double, fraction: Double) -> Double {
        a + (b - a) * fraction * fraction * (3 - 2 * fraction)
    }
}
