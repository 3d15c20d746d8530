import Foundation
import VoiceRecorderCore

/// How a take ends: sent or discarded. The capture's part ends on the session's thread (no buffer is metered or
/// written after it); stopping the capture, the write under way and finishing or deleting the file run off it
/// (`SessionScheduler.runOffThread`), and the outcome — `.sent`, `.cancelled`, `.tooShort` — comes back once the
/// file is whole or gone, in the order the takes ended.
extension Session {
    /// Sends take `take`: the capture stops here, and the file is finished off this thread (a last write and a
    /// sync the disk may take hundreds of milliseconds over), the take's `.sent` coming once it is.
    func deliver(_ take: Int, atMaximum: Bool, kept: KeptRange? = nil) {
        guard let pipeline = pipelines.removeValue(forKey: take) else { return }
        let capture = pipeline.endCapture()
        windows = []
        if let kept { return deliverKept(pipeline, kept: kept, stopping: capture) }
        // The meter holds the whole take once its capturing has ended.
        let samples = pipeline.samples()
        let metered = pipeline.meteredDuration
        scheduler.runOffThread {
            capture?.stop()
            pipeline.waitUntilWritten()
            return Result { try pipeline.writer.finish() }
        } then: { [weak self] finished in
            self?.sent(pipeline, finished, samples: samples, metered: metered, atMaximum: atMaximum)
        }
    }

    private func sent(
        _ pipeline: TakePipeline, _ finished: Result<Int, Error>, samples: [Double], metered: Double, atMaximum: Bool
    ) {
        var duration = metered
        switch finished {
        case .success(let frames):
            if frames > 0 { duration = Double(frames) / Double(AudioFormat.sampleRate) }
        case .failure(let error):
            // The file keeps what it holds (it is written in playable fragments); the app still gets it, with the
            // duration the file plays when the writer can tell.
            if let unfinished = error as? UnfinishedTakeError, unfinished.framesKept > 0 {
                duration = Double(unfinished.framesKept) / Double(AudioFormat.sampleRate)
            }
            emit(
                .failure(
                    .file(
                        tr("The recording could not be finished cleanly: {reason}").filling(["reason": "\(error)"]),
                        error: error)))
        }
        let recording = Recording(url: pipeline.writer.url, duration: duration, samples: samples)
        emit(.sent(recording, atMaximum: atMaximum))
    }

    /// Discards take `take`: like a send, stopping its capture and deleting its file happen off this thread (the
    /// capture's stop can wait for a write on the disk) and through the same queue, so an app hears each take's
    /// outcome in the order the takes ended, even when the next hold lands first.
    func discard(_ take: Int, reason: DiscardReason) {
        let pipeline = pipelines.removeValue(forKey: take)
        let capture = pipeline?.endCapture()
        windows = []
        if reason == .cancelled { control.noteDiscard(at: scheduler.now) }
        scheduler.runOffThread {
            capture?.stop()
            pipeline?.waitUntilWritten()
            pipeline?.writer.discard()
        } then: { [weak self] _ in
            self?.emit(reason.notifiesApp ? .cancelled(reason) : .tooShort)
        }
    }
}
