import Glibc
import Synchronization

extension POSIX {
    /// A recursive mutex (`pthread_mutex_t`, `PTHREAD_MUTEX_RECURSIVE`) with conditions to wait on while it is let
    /// go (`pthread_cond_t` on the monotonic clock): the lock of an event loop that other threads call into, and
    /// that they wait on for its news.
    ///
    /// Recursive, because code running under the lock may call code that takes it again. A wait lets go of one
    /// level only, so it must be made with the lock taken once.
    /// `@unchecked Sendable`: a pthread mutex, thread-safe itself; the pointer is a `let`, freed in `deinit`
    public final class RecursiveMutex: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        public init() {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            // Fails only without memory, which nothing here survives anyway.
            precondition(pthread_mutex_init(mutex, &attributes) == 0, "pthread_mutex_init failed")
            pthread_mutexattr_destroy(&attributes)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        public func lock() { pthread_mutex_lock(mutex) }
        public func unlock() { pthread_mutex_unlock(mutex) }

        /// A condition on this mutex.
        public func makeCondition() -> Condition { Condition(mutex: self) }

        /// Something threads wait for, with the mutex taken (once), until another thread says it may have come.
        /// `@unchecked Sendable`: a pthread condition, thread-safe itself; both fields are `let`s
        public final class Condition: @unchecked Sendable {
            private let mutex: RecursiveMutex
            private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

            fileprivate init(mutex: RecursiveMutex) {
                self.mutex = mutex
                var attributes = pthread_condattr_t()
                pthread_condattr_init(&attributes)
                // Deadlines on the monotonic clock: a change of the wall clock neither cuts a wait short nor
                // stretches it.
                pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
                precondition(pthread_cond_init(condition, &attributes) == 0, "pthread_cond_init failed")
                pthread_condattr_destroy(&attributes)
            }

            deinit {
                pthread_cond_destroy(condition)
                condition.deallocate()
            }

            /// Lets go of the mutex until `broadcast()` (or a spurious wake-up: callers check what they wait for).
            public func wait() { pthread_cond_wait(condition, mutex.mutex) }

            /// As `wait()`, but for no longer than until `deadline` (nanoseconds of `POSIX.monotonicNanoseconds()`).
            public func wait(until deadline: UInt64) {
                var time = timespec(
                    tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex.mutex, &time)
            }

            /// Wakes every thread waiting on this condition.
            public func broadcast() { pthread_cond_broadcast(condition) }
        }
    }

    /// Waits up to `timeout` milliseconds (-1: for ever; 0: not at all) until one of `descriptors` is ready
    /// (`poll(2)`); returns how many are, and their `revents` say for what. A signal starts the wait again.
    public static func poll(_ descriptors: inout [pollfd], timeout: Int32) throws(POSIX.Error) -> Int {
        let count = nfds_t(descriptors.count)
        return Int(
            try descriptors.withUnsafeMutableBufferPointer { (buffer) throws(POSIX.Error) in
                try call("poll") { Glibc.poll(buffer.baseAddress, count, timeout) }
            })
    }

    /// The monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds.
    public static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// A thread of its own (`pthread_create`) that can be waited for (`join()`): unlike a dispatch queue's, its
    /// end is known, so what it used can be freed right after.
    /// `@unchecked Sendable`: `thread` is set in `init`; one owner calls `join()` once; `identity` is atomic
    public final class JoinableThread: @unchecked Sendable {
        private var thread = pthread_t()
        private var isJoined = false
        /// The thread's id, stored by the thread itself before its body runs: so `isCurrent` is right from the
        /// body's first line, whenever `pthread_create` hands the id to the creator.
        private let identity = Identity()

        /// Starts `body` on a new thread named `name` (at most 15 bytes are kept: the kernel's limit).
        public init(name: String, _ body: @escaping @Sendable () -> Void) {
            let box = Unmanaged.passRetained(Body(name: name, identity: identity, run: body)).toOpaque()
            let result = pthread_create(
                &thread, nil,
                { argument in
                    let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
                    body.identity.value.store(UInt(pthread_self()), ordering: .releasing)
                    JoinableThread.nameCurrentThread(body.name)
                    body.run()
                    return nil
                }, box)
            // Fails only when the system is out of threads or memory.
            precondition(result == 0, "pthread_create failed (\(result))")
        }

        /// Names the calling thread, as profilers and `/proc` show it; best effort. (Glibc's `pthread_setname_np`
        /// is not visible to Swift; the kernel's own file is.)
        private static func nameCurrentThread(_ name: String) {
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            let bytes = Array(name.utf8.prefix(15))
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }

        /// Whether the caller is this thread.
        public var isCurrent: Bool { identity.value.load(ordering: .acquiring) == UInt(pthread_self()) }

        /// Waits until the thread's body has returned. Once only, and not from the thread itself.
        public func join() {
            precondition(!isCurrent, "a thread cannot wait for itself to end")
            guard !isJoined else { return }
            isJoined = true
            pthread_join(thread, nil)
        }

        deinit {
            if !isJoined { pthread_detach(thread) }
        }

        private final class Identity: Sendable {
            let value = Atomic<UInt>(0)
        }

        private final class Body {
            let name: String
            let identity: Identity
            let run: @Sendable () -> Void
            init(name: String, identity: Identity, run: @escaping @Sendable () -> Void) {
                self.name = name
                self.identity = identity
                self.run = run
            }
        }
    }
}

extension POSIX {
    /// A descriptor another thread makes readable to wake a thread out of `poll` (a pipe): ring it, and the poll
    /// that includes `descriptor` returns; the woken thread clears it.
    /// `@unchecked Sendable`: immutable after init: two pipe descriptors, which any thread may write or read
    public final class Doorbell: @unchecked Sendable {
        /// What to poll for input: the pipe's reading end.
        public let descriptor: Int32
        private let writingEnd: Int32

        public init() throws(POSIX.Error) {
            var ends: [Int32] = [-1, -1]
            _ = try call("pipe") { Glibc.pipe(&ends) }
            descriptor = ends[0]
            writingEnd = ends[1]
            // Both ends close-on-exec, as every descriptor of the package; neither end ever blocks: a full pipe
            // already rings.
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        }

        deinit {
            close(descriptor)
            close(writingEnd)
        }

        /// Makes `descriptor` readable until `clear()`.
        public func ring() {
            var byte: UInt8 = 1
            _ = write(writingEnd, &byte, 1)
        }

        /// Makes `descriptor` unreadable again (nothing happens if it was not rung).
        public func clear() {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(descriptor, &bytes, bytes.count) == bytes.count {}
        }
    }
}
