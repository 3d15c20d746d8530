import Foundation
import Synchronization
import VoiceRecorder
import VoiceRecorderCore

/// A sine tone as 24 kHz samples: the test signal written, played and captured.
public enum Tone {
    /// `frames` samples of a sine of `frequency` Hz at `amplitude`, starting at frame `offset` of the tone.
    public static func samples(frames: Int, frequency: Double = 440, amplitude: Float = 0.5, offset: Int = 0)
        -> [Float]
    {
        let rate = Double(AudioFormat.sampleRate)
        return (0 ..< frames).map { amplitude * Float(sin(2 * .pi * frequency * Double(offset + $0) / rate)) }
    }
}

/// A sine tone as a pull source (what a player reads); remembers where it was asked to seek.
public final class ToneSource: PCMPullSource, Sendable {
    public let frequency: Double
    public let duration: Double
    public let amplitude: Float

    private struct State {
        var frame = 0
        var seeks: [Double] = []
    }

    private let state = Mutex(State())
    private var totalFrames: Int { Int(duration * Double(AudioFormat.sampleRate)) }

    public init(frequency: Double = 440, duration: Double, amplitude: Float = 0.5) {
        self.frequency = frequency
        self.duration = duration
        self.amplitude = amplitude
    }

    /// The next frame to read.
    public var frame: Int { state.withLock { $0.frame } }
    /// Every position it was asked to seek to, in seconds, oldest first.
    public var seeks: [Double] { state.withLock { $0.seeks } }

    public func read(maxFrames: Int) throws -> [Float]? {
        let totalFrames = totalFrames
        let next = state.withLock { state -> (start: Int, count: Int)? in
            guard state.frame < totalFrames else { return nil }
            let count = min(maxFrames, totalFrames - state.frame)
            defer { state.frame += count }
            return (state.frame, count)
        }
        guard let next else { return nil }
        return Tone.samples(frames: next.count, frequency: frequency, amplitude: amplitude, offset: next.start)
    }

    public func seek(to seconds: Double) throws {
        let totalFrames = totalFrames
        state.withLock { state in
            state.seeks.append(seconds)
            state.frame = min(totalFrames, Int(seconds * Double(AudioFormat.sampleRate)))
        }
    }
}
