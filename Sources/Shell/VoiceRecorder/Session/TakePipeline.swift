import Foundation
import Synchronization
import VoiceRecorderCore

/// One take's path from capture to disk: every buffer goes through the meter and into the file writer, on the
/// capture's thread. The session reads the meter from its own thread (the window's, 30 times a second), so the meter
/// is guarded by a mutex of its own, held only while a buffer is metered: the writer's work (encoding, a periodic
/// `fdatasync` that a slow disk can stretch to hundreds of milliseconds) happens under a second lock that only the
/// capture's thread and the take's end take, so the window never waits on the disk to draw the meter.
/// A take that pauses and records on (SPEC D.2) keeps its pipeline: a new capture feeds the same meter and file.
final class TakePipeline: Sendable {
    let take: Int
    let writer: TakeWriter

    /// The take may hold this many frames: the maximum duration, exactly.
    let frameLimit: Int

    /// What the capture thread and the session thread share.
    private struct State {
        var meter = WindowPeakMeter()
        /// The take's peaks in fine blocks, with preview on: a trimmed take's windows start off the meter's grid.
        var blockPeaks: BlockPeakLog?
        var writeError: Error?
        var capturing = true
        var capture: AudioCapture
    }
    private let state: Mutex<State>
    /// Held while a buffer is written, by the capture's thread; `stopCapture` takes it once after stopping, so when
    /// it returns no write is under way and none can start (the end of a take then owns the writer).
    private let writing = Mutex(())

    /// What became of a buffer.
    enum Outcome {
        /// Metered and written.
        case written
        /// Written up to the maximum, and no further: the take is full (reported once).
        case full
        /// The file could not take it (reported once); what was written before is intact.
        case failed(Error)
        /// Nothing to do: the take is full, failed or stopped.
        case ignored
    }

    /// - Parameter keepsBlockPeaks: whether the take may be sent trimmed (preview on): then its peaks are kept in
    ///   fine blocks too, for `samples(keeping:)`.
    init(take: Int, writer: TakeWriter, capture: AudioCapture, maximumDuration: Double, keepsBlockPeaks: Bool = false) {
        self.take = take
        self.writer = writer
        state = Mutex(State(blockPeaks: keepsBlockPeaks ? BlockPeakLog() : nil, capture: capture))
        frameLimit = Int((maximumDuration * Double(AudioFormat.sampleRate)).rounded())
    }

    /// Meters and writes one buffer, cutting it at the maximum so a take never runs past it by a buffer or a tick.
    func consume(_ samples: [Float]) -> Outcome {
        writing.withLock { _ in
            // Metered under the meter's lock, briefly; written under the writing lock alone.
            let metered = state.withLock { state -> (accepted: [Float], full: Bool)? in
                guard state.capturing, state.writeError == nil, state.meter.framesSeen < frameLimit else { return nil }
                let room = frameLimit - state.meter.framesSeen
                let accepted = samples.count <= room ? samples : Array(samples.prefix(room))
                accepted.withUnsafeBufferPointer { buffer in
                    state.meter.append(buffer)
                    state.blockPeaks?.append(buffer)
                }
                return (accepted, state.meter.framesSeen >= frameLimit)
            }
            guard let metered else { return .ignored }
            do {
                try writer.append(metered.accepted)
            } catch {
                state.withLock { $0.writeError = error }
                return .failed(error)
            }
            return metered.full ? .full : .written
        }
    }

    /// Whether the capture is still running.
    var isCapturing: Bool { state.withLock { $0.capturing } }

    /// Stops the capture (idempotent). After this, no more audio reaches the file, and no write is under way.
    func stopCapture() {
        endCapture()?.stop()
        waitUntilWritten()
    }

    /// Ends the take's capturing (idempotent): no more audio is metered or starts being written, so the meter holds
    /// the whole take. Returns the capture to stop, nil when it was stopped already: stopping it waits for its
    /// thread, which may be in a write waiting on the disk, so a take being sent stops it off the session's thread
    /// (then `waitUntilWritten`).
    func endCapture() -> AudioCapture? {
        state.withLock { state -> AudioCapture? in
            defer { state.capturing = false }
            return state.capturing ? state.capture : nil
        }
    }

    /// Waits until no write is under way (one that began before the capture stopped may wait on the disk): the end
    /// of the take owns the writer from here. Off the session's thread when the take is sent.
    func waitUntilWritten() {
        writing.withLock { _ in }
    }

    /// Records on with `capture` after a pause (the previous capture has stopped): its audio goes on into the same
    /// meter and file. Returns the file's earlier write error, if there was one (the file can take no more).
    func resume(with capture: AudioCapture) -> Error? {
        state.withLock { state in
            state.capture = capture
            state.capturing = true
            return state.writeError
        }
    }

    /// The loudness of windows from `index` on, the latest buffer's loudness, and the take's loudest sample peak.
    func meterReading(from index: Int) -> (windows: ArraySlice<Double>, latest: Double, loudestPeak: Double) {
        state.withLock { state in
            let all = state.meter.windowLoudnesses
            return (all[min(index, all.count)...], state.meter.latestBufferLoudness, Double(state.meter.loudestPeak))
        }
    }

    /// The take's waveform (SPEC A.5).
    func samples() -> [Double] { state.withLock { $0.meter.recordingSamples() } }

    /// The waveform of the frames `kept` only (SPEC D.5): their own 50 ms windows, from `kept`'s start, as A.5
    /// compresses them. Only a pipeline that keeps block peaks can tell them (a take is only ever sent trimmed
    /// with preview on); any other has none to give.
    func samples(keeping kept: Range<Int>) -> [Double] {
        state.withLock { state in
            guard let blockPeaks = state.blockPeaks else {
                assertionFailure("a take without block peaks is never sent trimmed")
                return []
            }
            return WaveformCompression.compress(blockPeaks.windowLoudnesses(of: kept))
        }
    }

    /// Frames metered (and written) so far.
    var framesSeen: Int { state.withLock { $0.meter.framesSeen } }

    /// Seconds of audio metered so far.
    var meteredDuration: Double {
        state.withLock { Double($0.meter.framesSeen) / Double(AudioFormat.sampleRate) }
    }
}
