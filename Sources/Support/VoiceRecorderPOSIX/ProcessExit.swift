import Glibc

extension POSIX {
    /// Ends the process now with `status`, once everything it had to do is done and said: the C library's output
    /// buffers are flushed, but no `atexit` handler or library destructor runs.
    ///
    /// Why: a recorder links FFmpeg's libraries and, through them, about 150 others, and `exit` runs every one's
    /// destructors. Their code and data were last touched when they loaded, so at the end of a long take that memory
    /// has been idle for minutes, and on a virtual machine whose host reclaims idle memory touching it again is
    /// slow: a traced 5-minute take spent 22 ms in `exit` (0.8 ms after 10 s). None of those destructors has
    /// anything left to save once the take's file is finished and durable and the result printed. Files are closed
    /// by the kernel as with `exit`.
    public static func exitSkippingTeardown(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}
