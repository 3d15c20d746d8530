import Dispatch
import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderTestSupport

/// The session's thread is checked, not described: each scheduler knows whether its caller is on it.
@Suite("Session thread")
struct SessionThreadTests {
    @Test("a Dispatch scheduler's thread is its queue")
    func dispatchQueue() {
        let queue = DispatchQueue(label: "session")
        let scheduler = DispatchScheduler(queue: queue)
        #expect(!scheduler.isOnSessionThread)
        #expect(queue.sync { scheduler.isOnSessionThread })
        // Another scheduler's queue is not this one's.
        let other = DispatchQueue(label: "other")
        _ = DispatchScheduler(queue: other)
        #expect(!other.sync { scheduler.isOnSessionThread })
    }

    @Test("a virtual scheduler's thread is the one that made it")
    func virtualTime() {
        let scheduler = VirtualScheduler()
        #expect(scheduler.isOnSessionThread)
        let elsewhere = Locked(true)
        let done = DispatchSemaphore(value: 0)
        // A thread of its own (a Dispatch `sync` may run its block on the calling thread).
        Thread {
            elsewhere.set(scheduler.isOnSessionThread)
            done.signal()
        }.start()
        done.wait()
        #expect(elsewhere.value == false)
    }
}
