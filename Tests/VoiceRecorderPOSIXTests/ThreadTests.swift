import Glibc
import Synchronization
import Testing
import VoiceRecorderPOSIX

@Suite struct ThreadTests {
    @Test func aJoinedThreadHasRunItsBodyAndKnowsItself() {
        let seen = Mutex<(ran: Bool, wasCurrent: Bool)>((false, false))
        let holder = Mutex<POSIX.JoinableThread?>(nil)
        let gate = POSIX.RecursiveMutex()
        gate.lock()  // the body waits until `holder` is filled, so it can ask whether it is that thread
        let thread = POSIX.JoinableThread(name: "a-test-thread") {
            gate.lock()
            let isCurrent = holder.withLock { $0?.isCurrent ?? false }
            gate.unlock()
            seen.withLock { $0 = (true, isCurrent) }
        }
        holder.withLock { $0 = thread }
        #expect(!thread.isCurrent, "the creator is not the thread")
        gate.unlock()
        thread.join()
        let result = seen.withLock { $0 }
        #expect(result.ran, "join returns after the body")
        #expect(result.wasCurrent, "inside its body, the thread knows it is current")
    }

    @Test func theMutexIsRecursiveAndAWaitEndsOnABroadcast() {
        let mutex = POSIX.RecursiveMutex()
        let condition = mutex.makeCondition()
        let flag = Mutex(false)
        mutex.lock()
        mutex.lock()  // a second time on the same thread: no deadlock
        mutex.unlock()
        let waker = POSIX.JoinableThread(name: "waker") {
            mutex.lock()
            flag.withLock { $0 = true }
            condition.broadcast()
            mutex.unlock()
        }
        // The waker can only take the lock while this thread waits; a spurious wake-up loops.
        while !flag.withLock({ $0 }) { condition.wait() }
        mutex.unlock()
        waker.join()
        #expect(flag.withLock { $0 })
    }

    @Test func aWaitWithAPastDeadlineReturnsAtOnce() {
        let mutex = POSIX.RecursiveMutex()
        let condition = mutex.makeCondition()
        mutex.lock()
        let before = POSIX.monotonicNanoseconds()
        condition.wait(until: before)
        mutex.unlock()
        #expect(POSIX.monotonicNanoseconds() >= before, "the monotonic clock never goes back")
    }

    @Test func aRungDoorbellIsReadableUntilCleared() throws {
        let doorbell = try POSIX.Doorbell()
        #expect(readable(doorbell) == false)
        doorbell.ring()
        doorbell.ring()
        #expect(readable(doorbell) == true)
        doorbell.clear()
        #expect(readable(doorbell) == false, "one clear takes every ring")
        #expect(fcntl(doorbell.descriptor, F_GETFD) & FD_CLOEXEC != 0, "close-on-exec, as every descriptor")
    }

    @Test func pollSaysWhichDescriptorIsReady() throws {
        let quiet = try POSIX.Doorbell()
        let rung = try POSIX.Doorbell()
        rung.ring()
        var descriptors = [quiet, rung].map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        #expect(try POSIX.poll(&descriptors, timeout: -1) == 1, "a ready descriptor ends even an endless wait")
        #expect(descriptors[0].revents == 0)
        #expect(descriptors[1].revents & Int16(POLLIN) != 0)
    }

    private func readable(_ doorbell: POSIX.Doorbell) -> Bool {
        var descriptors = [pollfd(fd: doorbell.descriptor, events: Int16(POLLIN), revents: 0)]
        return (try? POSIX.poll(&descriptors, timeout: 0)) == 1
    }
}
