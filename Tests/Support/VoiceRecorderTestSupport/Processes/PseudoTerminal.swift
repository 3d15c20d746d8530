import Glibc
import VoiceRecorderPOSIX

/// A pseudo-terminal: the same line discipline as the terminal a person types into. A child opens `path` as its
/// standard streams (`ChildProcess.Input.file`, `Output.file`); the test types into the controller end and reads
/// what the child drew there.
public final class PseudoTerminal {
    /// The terminal end's path (`/dev/pts/N`).
    public let path: String
    /// The controller end: what is written there is typed, what the child writes to the terminal is read there.
    public let controller: POSIX.File
    /// The terminal end, kept open so the line stays up between children and its mode can be read.
    public let terminal: POSIX.File

    /// Opens a new pair. (posix_openpt, grantpt and unlockpt are not visible from Swift: the multiplexer is opened
    /// and the pair unlocked with its two ioctls.)
    public init() throws {
        controller = try POSIX.File(path: "/dev/ptmx", access: .readWrite, options: .nonBlocking)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let lockPseudoTerminal: UInt = 0x4004_5431  // TIOCSPTLCK
        let pseudoTerminalNumber: UInt = 0x8004_5430  // TIOCGPTN
        guard ioctl(controller.descriptor, lockPseudoTerminal, &unlock) == 0,
            ioctl(controller.descriptor, pseudoTerminalNumber, &number) == 0
        else { throw POSIX.Error(call: "ioctl(/dev/ptmx)", code: errno) }
        path = "/dev/pts/\(number)"
        terminal = try POSIX.File(path: path, access: .readWrite, options: [])
    }

    /// Types `text` as keys.
    public func type(_ text: String) throws { try controller.write(Array(text.utf8)) }

    /// Whether the terminal edits lines (canonical mode, as a shell leaves it) rather than passing keys one by one.
    public var isLineEditing: Bool {
        var settings = termios()
        tcgetattr(terminal.descriptor, &settings)
        return settings.c_lflag & tcflag_t(ICANON) != 0
    }

    /// What was drawn on the terminal so far, read until `condition` holds of it or `timeout` seconds pass.
    public func read(until condition: (String) -> Bool, timeout: Double) -> String {
        var drawn: [UInt8] = []
        wait(timeout: timeout, interval: 0.02) {
            // The controller does not block: nothing drawn yet is EAGAIN, an empty read.
            while let bytes = try? controller.readAvailable(upTo: 4_096), !bytes.isEmpty { drawn += bytes }
            return condition(String(decoding: drawn, as: UTF8.self))
        }
        return String(decoding: drawn, as: UTF8.self)
    }
}
