import Foundation
import VoiceRecorder
import VoiceRecorderCore
@testable import VoiceRecorderPulseAudio

/// Records what a capture reports, from any thread, with the time each event arrived.
final class CaptureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [(event: CaptureEvent, at: Date)] = []
    private var allSamples: [Float] = []
    let createdAt = Date()

    /// The handler to give to `start`.
    var handler: @Sendable (CaptureEvent) -> Void {
        { [self] event in
            lock.lock(); defer { lock.unlock() }
            events.append((event, Date()))
            if case .samples(let samples) = event { allSamples.append(contentsOf: samples) }
        }
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return events.count }
    var samples: [Float] { lock.lock(); defer { lock.unlock() }; return allSamples }

    /// When `.started` arrived, if it did.
    var startedAt: Date? {
        lock.lock(); defer { lock.unlock() }
        return events.first { if case .started = $0.event { true } else { false } }?.at
    }

    /// The interruption or failure that ended the capture, if any.
    var ending: CaptureEvent? {
        lock.lock(); defer { lock.unlock() }
        return events.last { switch $0.event { case .failed, .interrupted: true; default: false } }?.event
    }

    var interruption: Interruption? {
        if case .interrupted(let interruption) = ending { interruption } else { nil }
    }

    var failure: String? {
        if case .failed(let message) = ending { message } else { nil }
    }

    /// How many `.started` events arrived.
    var startedCount: Int {
        lock.lock(); defer { lock.unlock() }
        return events.filter { if case .started = $0.event { true } else { false } }.count
    }
}

/// Polls `condition` every 10 ms until it holds or `timeout` passes; returns whether it held.
@discardableResult
func waitUntil(timeout: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// The peak of every 50 ms window (1,200 frames at 24 kHz).
func windowPeaks(_ samples: [Float], frames: Int = AudioFormat.framesPerWindow) -> [Float] {
    stride(from: 0, to: samples.count - frames + 1, by: frames).map { start in
        samples[start ..< start + frames].reduce(0) { max($0, abs($1)) }
    }
}

/// The frequency of a steady tone, from its rising zero crossings.
func dominantFrequency(_ samples: [Float]) -> Double {
    var crossings = 0
    for index in 1 ..< samples.count where samples[index - 1] < 0 && samples[index] >= 0 { crossings += 1 }
    return Double(crossings) / (Double(samples.count) / Double(AudioFormat.sampleRate))
}

/// A sine tone as a pull source; remembers where it was asked to seek.
final class ToneSource: PCMPullSource, @unchecked Sendable {
    let frequency: Double
    let duration: Double
    let amplitude: Float
    private(set) var frame = 0
    private(set) var seeks: [Double] = []
    private var totalFrames: Int { Int(duration * Double(AudioFormat.sampleRate)) }

    init(frequency: Double = 440, duration: Double, amplitude: Float = 0.5) {
        self.frequency = frequency
        self.duration = duration
        self.amplitude = amplitude
    }

    func read(maxFrames: Int) throws -> [Float]? {
        guard frame < totalFrames else { return nil }
        let count = min(maxFrames, totalFrames - frame)
        let rate = Double(AudioFormat.sampleRate)
        let samples = (frame ..< frame + count).map { amplitude * Float(sin(2 * .pi * frequency * Double($0) / rate)) }
        frame += count
        return samples
    }

    func seek(to seconds: Double) throws {
        seeks.append(seconds)
        frame = min(totalFrames, Int(seconds * Double(AudioFormat.sampleRate)))
    }
}

/// Positions and the ending a player reported.
final class PlaybackLog: @unchecked Sendable {
    private let lock = NSLock()
    private var positionList: [Double] = []
    private var endList: [PlaybackEnd] = []

    var onPosition: @Sendable (Double) -> Void { { [self] in lock.lock(); positionList.append($0); lock.unlock() } }
    var onFinished: @Sendable (PlaybackEnd) -> Void { { [self] in lock.lock(); endList.append($0); lock.unlock() } }
    var positions: [Double] { lock.lock(); defer { lock.unlock() }; return positionList }
    var ends: [PlaybackEnd] { lock.lock(); defer { lock.unlock() }; return endList }
}
