import Glibc
import Testing
import VoiceRecorderPOSIX

@Suite struct TerminalTests {
    @Test func aPipeIsNotATerminal() throws {
        let (reader, _) = try POSIX.pipe()
        #expect(!POSIX.isTerminal(reader.descriptor))
        let error = #expect(throws: POSIX.Error.self) { try POSIX.TerminalMode.current(of: reader.descriptor) }
        #expect(error?.code == ENOTTY)
        #expect(error?.description == "tcgetattr: Inappropriate ioctl for device")
    }

    @Test func keyByKeyModeTurnsOffLineEditingAndEchoOnARealTerminal() throws {
        // A pseudo-terminal: the same line discipline as the one a user types into. (posix_openpt, grantpt and
        // unlockpt are not visible from Swift: open the multiplexer and unlock the pair with its two ioctls.)
        let controller = try POSIX.File(path: "/dev/ptmx", access: .readWrite, options: [])
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let lockPseudoTerminal: UInt = 0x4004_5431  // TIOCSPTLCK
        let pseudoTerminalNumber: UInt = 0x8004_5430  // TIOCGPTN
        try #require(ioctl(controller.descriptor, lockPseudoTerminal, &unlock) == 0)
        try #require(ioctl(controller.descriptor, pseudoTerminalNumber, &number) == 0)
        let terminal = try POSIX.File(path: "/dev/pts/\(number)", access: .readWrite, options: [])
        #expect(POSIX.isTerminal(terminal.descriptor))

        let saved = try POSIX.TerminalMode.current(of: terminal.descriptor)
        try saved.keyByKey().apply(to: terminal.descriptor)
        var settings = termios()
        tcgetattr(terminal.descriptor, &settings)
        #expect(settings.c_lflag & tcflag_t(ICANON) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) == 0)
        #expect(settings.c_lflag & tcflag_t(ISIG) != 0, "Ctrl-C still raises SIGINT")

        // A key typed at the terminal is readable at once, without Return.
        try controller.write([0x1B])
        #expect(try terminal.readAvailable(upTo: 8) == [0x1B])

        try saved.apply(to: terminal.descriptor)
        tcgetattr(terminal.descriptor, &settings)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0, "put back as it was")
    }

    @Test func anIgnoredSignalNoLongerEndsTheProcess() {
        POSIX.ignore(signal: SIGXFSZ)
        var action = sigaction()
        sigaction(SIGXFSZ, nil, &action)
        #expect(
            unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    }
}
