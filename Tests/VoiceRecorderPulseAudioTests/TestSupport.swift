import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

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

/// Positions and the ending a player reported.
final class PlaybackLog: Sendable {
    private let positionList = Locked<[Double]>([])
    private let endList = Locked<[PlaybackEnd]>([])

    var onPosition: @Sendable (Double) -> Void {
        { [positionList] position in positionList.withLock { $0.append(position) } }
    }
    var onFinished: @Sendable (PlaybackEnd) -> Void { { [endList] end in endList.withLock { $0.append(end) } } }
    var positions: [Double] { positionList.value }
    var ends: [PlaybackEnd] { endList.value }
}
