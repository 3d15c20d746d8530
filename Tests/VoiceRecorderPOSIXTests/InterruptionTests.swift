import Foundation
import Glibc
import Synchronization
import Testing
import VoiceRecorderPOSIX

/// How many times the test's signal handler ran.
private let interruptions = Atomic<Int>(0)

@Suite struct InterruptionTests {
    /// Installs a handler for `SIGUSR1` without `SA_RESTART`, so the signal interrupts a blocked call: a pipe write
    /// then returns a short count (when some bytes went through) or fails with `EINTR` (when none did).
    private func installInterruptingHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGUSR1, &action, nil)
    }

    @Test func aWriteInterruptedBySignalsStillDeliversEveryByteInOrder() throws {
        installInterruptingHandler()
        let (reader, writer) = try POSIX.pipe()
        // Far more than a pipe holds (64 KiB): the writer blocks again and again, and the signals catch it there.
        let payload = pattern(count: 8 << 20, seed: 5)
        let writerThread = Mutex<pthread_t?>(nil)
        let isWriteOver = Atomic<Bool>(false)
        let signallerStopped = DispatchSemaphore(value: 0)
        let failure = Mutex<POSIX.Error?>(nil)
        let before = interruptions.load(ordering: .relaxed)

        Thread {
            // Threads started from the test's (dispatch) threads inherit their mask, which blocks signals.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            writerThread.withLock { $0 = pthread_self() }
            do throws(POSIX.Error) {
                try writer.write(payload)
            } catch {
                failure.withLock { $0 = error }
            }
            isWriteOver.store(true, ordering: .releasing)
            // Stay alive until no signal can be aimed at this thread any more.
            signallerStopped.wait()
            try? writer.close()
        }.start()
        Thread {
            while !isWriteOver.load(ordering: .acquiring) {
                if let thread = writerThread.withLock({ $0 }) { pthread_kill(thread, SIGUSR1) }
                sched_yield()
            }
            signallerStopped.signal()
        }.start()

        var received: [UInt8] = []
        received.reserveCapacity(payload.count)
        while true {
            let chunk = try reader.readAvailable(upTo: 4_096)
            if chunk.isEmpty { break }
            received += chunk
        }
        #expect(failure.withLock { $0 } == nil)
        #expect(received.count == payload.count)
        // Compared outside the macro: on a mismatch it would diff 8 MiB element by element.
        let isIdentical = received == payload
        #expect(isIdentical, "every byte, in order")
        #expect(interruptions.load(ordering: .relaxed) > before, "the signals really came")
    }
}
