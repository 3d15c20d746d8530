import Dispatch
import VoiceRecorder

/// The live background work: one serial queue of its own, its results posted to the scheduler's thread (the GTK
/// thread in the app).
public final class SerialBackgroundWork: BackgroundWork, Sendable {
    private let queue: DispatchQueue
    private let scheduler: SessionScheduler

    /// Jobs on a queue named `label`, their results delivered on `scheduler`'s thread. The queue runs at the
    /// priority of work a person waits for (a memo saved, a list read), above the background's.
    public init(label: String = "voicerecorder.memos.library", scheduler: SessionScheduler) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        self.scheduler = scheduler
    }

    public func run<Result: Sendable>(
        _ job: @escaping @Sendable () -> Result, then deliver: @escaping @Sendable (Result) -> Void
    ) {
        let scheduler = self.scheduler
        queue.async {
            let result = job()
            scheduler.post { deliver(result) }
        }
    }

    public func waitUntilDone() { queue.sync {} }
}
