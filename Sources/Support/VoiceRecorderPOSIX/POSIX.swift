import Glibc

/// The POSIX calls this package makes, each wrapped once: files that own their descriptor (`POSIX.File`), the
/// path-level calls (`POSIX.unlink`, `POSIX.rename`, …), the terminal and signals, and one error type
/// (`POSIX.Error`) that carries the call, the `errno` and its words.
///
/// The rules every wrapper follows, so callers never see them:
/// - A call interrupted by a signal (`EINTR`) is made again; this happens in one loop (`POSIX.call` and
///   `POSIX.callReturningPointer` share it), and nowhere else.
/// - Reads and writes at an offset move every byte asked for: short counts are continued (`pread`, `pwrite`).
/// - Every descriptor is opened close-on-exec, so a child process never inherits one.
/// - Failures are thrown as `POSIX.Error`; an expected outcome (the end of a file, a lock someone else holds, a
///   file that is already gone) is a return value.
///
/// The namespace keeps the wrappers apart from Glibc's functions of the same names and from Foundation's own
/// `POSIXError`, which any file importing Foundation would otherwise find ambiguous.
public enum POSIX {}

extension POSIX {
    /// What to do when a call fails with `EINTR`.
    enum Interruption {
        /// Make the call again: nothing happened (every call but `close`).
        case retry
        /// Take it as done: on Linux, `close` has already released the descriptor when it reports `EINTR`, and
        /// closing again could close a descriptor another thread has just been given.
        case done
    }

    /// Makes the system call `body` (named `name`, about `path` when there is one) until a signal no longer
    /// interrupts it, and returns its result; throws `POSIX.Error` when it fails (returns -1) for any other reason.
    static func call<Result: FixedWidthInteger & SignedInteger>(
        _ name: String, path: String? = nil, onInterrupt interruption: Interruption = .retry, _ body: () -> Result
    ) throws(POSIX.Error) -> Result {
        try repeated(name, path: path, onInterrupt: interruption) {
            let result = body()
            return result == -1 ? nil : result
        } ?? 0
    }

    /// Makes the C library call `body`, which returns a pointer, or nil with `errno` set (`opendir`), as `call`
    /// does: again when a signal interrupted it; its pointer, or a thrown `POSIX.Error`.
    static func callReturningPointer<Pointer>(
        _ name: String, path: String? = nil, _ body: () -> Pointer?
    ) throws(POSIX.Error) -> Pointer {
        // `repeated` returns nil only when told that an interruption means done, which is not the case here.
        try repeated(name, path: path, onInterrupt: .retry, body)!
    }

    /// The one place `EINTR` is handled: runs `body` (nil when it failed and set `errno`) until a signal no longer
    /// interrupts it. Returns its value, or nil when it was interrupted and `interruption` is `.done`.
    private static func repeated<Value>(
        _ name: String, path: String?, onInterrupt interruption: Interruption, _ body: () -> Value?
    ) throws(POSIX.Error) -> Value? {
        while true {
            if let value = body() { return value }
            let code = errno
            if code == EINTR {
                if interruption == .done { return nil }
                continue
            }
            throw POSIX.Error(call: name, code: code, path: path)
        }
    }

    /// Moves `count` bytes with a call that may move fewer at a time: calls `step` with the bytes moved so far
    /// until all are moved, or until it moves none (the end of a file). Returns how many were moved.
    static func transferAll(_ count: Int, _ step: (_ done: Int) throws(POSIX.Error) -> Int) throws(POSIX.Error) -> Int {
        var done = 0
        while done < count {
            let moved = try step(done)
            if moved == 0 { break }
            done += moved
        }
        return done
    }
}
