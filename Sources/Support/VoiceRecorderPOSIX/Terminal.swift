import Glibc

extension POSIX {
    /// Whether `descriptor` is a terminal (`isatty`).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// A terminal's line discipline (`termios`), read and set as a whole.
    /// `@unchecked Sendable`: a plain C struct (`termios`) of integers, copied by value, no pointers
    public struct TerminalMode: @unchecked Sendable {
        // `termios` is a plain C struct of integers and arrays: copying it is all that happens to it.
        private var settings: termios

        /// The mode `descriptor`'s terminal is in now (`tcgetattr`).
        public static func current(of descriptor: Int32) throws(POSIX.Error) -> TerminalMode {
            var settings = termios()
            _ = try call("tcgetattr") { tcgetattr(descriptor, &settings) }
            return TerminalMode(settings: settings)
        }

        /// Puts `descriptor`'s terminal in this mode at once (`tcsetattr`, `TCSANOW`).
        public func apply(to descriptor: Int32) throws(POSIX.Error) {
            var settings = self.settings
            _ = try call("tcsetattr") { tcsetattr(descriptor, TCSANOW, &settings) }
        }

        /// This mode with every key delivered as it is pressed, without echo (not canonical, `VMIN` 1, `VTIME` 0).
        /// Signal keys (Ctrl-C, Ctrl-\) still raise their signals.
        public func keyByKey() -> TerminalMode {
            var raw = settings
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { characters in
                characters[Int(VMIN)] = 1
                characters[Int(VTIME)] = 0
            }
            return TerminalMode(settings: raw)
        }
    }
}

extension POSIX {
    /// Whether what is written to `descriptor` can reach a reader: a terminal, a pipe or a file. Not `/dev/null`
    /// (a device that is no terminal) nor a socket (the desktop starts apps with their output on the journal's), nor a
    /// closed descriptor.
    public static func isReadOutput(_ descriptor: Int32) -> Bool {
        if isTerminal(descriptor) { return true }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFREG
    }
}
