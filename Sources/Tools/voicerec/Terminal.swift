import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The terminal a command runs in: raw keys on standard input, a live status line on standard error.
///
/// Raw mode keeps signals (Ctrl-C, Ctrl-\) working and is undone on every way out, so the shell is never left
/// without echo.
final class Terminal: @unchecked Sendable {
    /// Whether standard input is an interactive terminal.
    let isInteractive = isatty(STDIN_FILENO) == 1
    /// Whether standard error is a terminal (the live line is only drawn there).
    let showsLiveLine = isatty(STDERR_FILENO) == 1
    private var saved = termios()
    private var isRaw = false
    private var reader: DispatchSourceRead?

    /// Keys the recorder answers to.
    enum Key { case enter, escape }

    /// Switches standard input to raw keys and calls `onKey` on the main queue for each Enter or Escape.
    func readKeys(_ onKey: @escaping (Key) -> Void) {
        if isInteractive, tcgetattr(STDIN_FILENO, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            if tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 { isRaw = true }
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            guard count > 0 else {
                // End of input (a closed pipe): no more keys will come; the take goes on until it is stopped.
                self?.reader?.cancel()
                return
            }
            let bytes = buffer.prefix(count)
            // A lone ESC is the Escape key; ESC followed by more is an arrow or function key.
            if bytes.count == 1 && bytes.first == 0x1B { onKey(.escape); return }
            if bytes.contains(0x0A) || bytes.contains(0x0D) { onKey(.enter) }
            if bytes.first != 0x1B, bytes.contains(0x1B) { onKey(.escape) }
        }
        reader = source
        source.resume()
    }

    /// Draws the live line (when standard error is a terminal).
    func status(_ text: String) {
        guard showsLiveLine else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    /// Ends the live line and puts the terminal back as it was.
    func restore() {
        reader?.cancel()
        reader = nil
        if showsLiveLine { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        if isRaw {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            isRaw = false
        }
    }
}

/// Runs `handler` on the main queue when the process receives `signal`, instead of the default action.
@discardableResult
func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) -> DispatchSourceSignal {
    Glibc.signal(signal, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler(handler: handler)
    source.resume()
    return source
}
