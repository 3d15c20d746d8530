import Dispatch
import Foundation
import Synchronization
import Testing

@testable import VoiceRecorder

/// The meter is read without waiting on the disk (house issue, point 2): a write the disk holds up (an Opus page's
/// `fdatasync` on a slow disk) never holds up the window's meter reading; the end of a take still waits for it, so
/// no buffer is written after the capture stopped.
@Suite("A take's pipeline: the meter apart from the writer")
struct TakePipelineTests {
    /// A writer whose appends wait until the test lets them go.
    final class HeldWriter: TakeWriter, @unchecked Sendable {
        let url = URL(fileURLWithPath: "/dev/null")
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let appended = Mutex(0)
        var onWritten: @Sendable () -> Void = {}
        func append(_ samples: [Float]) throws {
            entered.signal()
            release.wait()
            appended.withLock { $0 += samples.count }
            onWritten()
        }
        func finish() throws -> Int { appended.withLock { $0 } }
        func discard() {}
    }

    final class IdleCapture: AudioCapture {
        func prepare() {}
        func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {}
        func stop() {}
    }

    /// Runs `body` on a thread of its own; true when it returned within `seconds`.
    private func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test("while a write is held up, the meter reads at once and already has the buffer")
    func meterDoesNotWaitForTheDisk() {
        let writer = HeldWriter()
        let pipeline = TakePipeline(take: 1, writer: writer, capture: IdleCapture(), maximumDuration: 60)
        let buffer = [Float](repeating: 0.5, count: 2_400)  // 0.1 s
        let consumed = Mutex<TakePipeline.Outcome?>(nil)
        Thread.detachNewThread { consumed.withLock { $0 = pipeline.consume(buffer) } }
        writer.entered.wait()  // the capture's thread is inside the write now

        #expect(returns(within: 2) { _ = pipeline.meterReading(from: 0) }, "the meter waited on the writer")
        #expect(pipeline.framesSeen == 2_400, "the buffer is metered before it is written")
        #expect(returns(within: 2) { _ = pipeline.samples() })

        // The end of the take waits for the write under way: it returns after the write, not before.
        let order = Mutex<[String]>([])
        writer.onWritten = { order.withLock { $0.append("written") } }
        let stopping = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            stopping.signal()
            pipeline.stopCapture()
            order.withLock { $0.append("stopped") }
            stopped.signal()
        }
        stopping.wait()
        writer.release.signal()
        #expect(stopped.wait(timeout: .now() + 2) == .success)
        #expect(order.withLock { $0 } == ["written", "stopped"])
        #expect(consumed.withLock { $0 }.map { if case .written = $0 { true } else { false } } == true)
        #expect(writer.appended.withLock { $0 } == 2_400)
        if case .ignored = pipeline.consume(buffer) {} else { Issue.record("a buffer after the stop was taken") }
        #expect(writer.appended.withLock { $0 } == 2_400)
    }
}
