import Glibc
import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@Suite struct TerminalTests {
    @Test func aPipeIsNotATerminal() throws {
        let (reader, _) = try POSIX.pipe()
        #expect(!POSIX.isTerminal(reader.descriptor))
        let error = #expect(throws: POSIX.Error.self) { try POSIX.TerminalMode.current(of: reader.descriptor) }
        #expect(error?.code == ENOTTY)
        #expect(error?.description == "tcgetattr: Inappropriate ioctl for device")
    }

    @Test func keyByKeyModeTurnsOffLineEditingAndEchoOnARealTerminal() throws {
        let pair = try PseudoTerminal()
        let (controller, terminal) = (pair.controller, pair.terminal)
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
