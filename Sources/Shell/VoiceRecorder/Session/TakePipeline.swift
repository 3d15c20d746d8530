import Foundation
import VoiceRecorderCore

/// One take's path from capture to disk: every buffer goes through the meter and into the file writer, on the
/// capture's thread. The session reads the meter from its own thread, so the meter is guarded by a lock.
final class TakePipeline: @unchecked Sendable {
    let take: Int
    let writer: TakeWriter
    let capture: AudioCapture

    private let lock = NSLock()
    private var meter = WindowPeakMeter()
    private var writeError: Error?
    private var capturing = true

    init(take: Int, writer: TakeWriter, capture: AudioCapture) {
        self.take = take
        self.writer = writer
        self.capture = capture
    }

    /// Meters and writes one buffer. Returns the error if the file could not take it (only the first time).
    func consume(_ samples: [Float]) -> Error? {
        lock.withLock {
            guard capturing, writeError == nil else { return nil }
            meter.append(samples)
            do {
                try writer.append(samples)
                return nil
            } catch {
                writeError = error
                return error
            }
        }
    }

    /// Whether the capture is still running.
    var isCapturing: Bool { lock.withLock { capturing } }

    /// Stops the capture (idempotent). After this, no more audio reaches the file.
    func stopCapture() {
        let wasCapturing = lock.withLock {
            defer { capturing = false }
            return capturing
        }
        if wasCapturing { capture.stop() }
    }

    /// The loudness of windows from `index` on, and the latest buffer's loudness.
    func meterReading(from index: Int) -> (windows: ArraySlice<Double>, latest: Double) {
        lock.withLock {
            let all = meter.windowLoudnesses
            return (all[min(index, all.count)...], meter.latestBufferLoudness)
        }
    }

    /// The take's waveform (SPEC A.5).
    func samples() -> [Double] { lock.withLock { meter.recordingSamples() } }

    /// Seconds of audio metered so far.
    var meteredDuration: Double { lock.withLock { Double(meter.framesSeen) / Double(AudioFormat.sampleRate) } }
}
