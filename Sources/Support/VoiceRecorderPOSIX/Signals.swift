import Glibc

extension POSIX {
    /// Makes the process ignore `signal` (its default action no longer happens): for example `SIGXFSZ`, so that a
    /// file-size limit makes a write fail with `EFBIG` instead of killing the process, or a signal a dispatch source
    /// handles instead.
    public static func ignore(signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&action.sa_mask)
        // Only an invalid signal number fails, which is a mistake in the caller.
        precondition(sigaction(signal, &action, nil) == 0, "sigaction(\(signal)) failed")
    }
}

extension POSIX {
    /// Sends `signal` to process `process` (`kill(2)`): stopping (`SIGSTOP`), continuing (`SIGCONT`) or killing
    /// (`SIGKILL`) a child. False when there is no such process any more (it has exited and been reaped).
    @discardableResult
    public static func send(signal: Int32, to process: Int32) -> Bool {
        // A pid of 0 or less would signal a whole process group: never meant here.
        guard process > 0 else { return false }
        return kill(process, signal) == 0
    }
}
