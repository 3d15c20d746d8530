import Foundation
import VoiceRecorderPOSIX

/// The terminal a command runs in: raw keys on standard input, a live status line on standard error.
///
/// Raw mode keeps signals (Ctrl-C, Ctrl-\) working and is undone on every way out, so the shell is never left
/// without echo.
final class Terminal: @unchecked Sendable {
    /// Whether standard input is an interactive terminal.
    let isInteractive = POSIX.isTerminal(STDIN_FILENO)
    /// Whether standard error is a terminal (the live line is only drawn there).
    let showsLiveLine = POSIX.isTerminal(STDERR_FILENO)
    /// The mode to put back, while standard input is switched to raw keys.
    private var saved: POSIX.TerminalMode?
    private var reader: DispatchSourceRead?

    /// Keys the recorder answers to: Enter and Escape, and with pause and preview `p` (pause or record on), `l`
    /// (listen or stop listening), `[` and `]` (keep from or up to the playhead).
    enum Key { case enter, escape, pause, listen, keepFromPlayhead, keepToPlayhead }

    /// Switches standard input to raw keys and calls `onKey` on the main queue for each key it answers to, in the
    /// order typed (Enter and Escape after the letters that came with them).
    func readKeys(_ onKey: @escaping (Key) -> Void) {
        if isInteractive, let mode = try? POSIX.TerminalMode.current(of: STDIN_FILENO),
            (try? mode.keyByKey().apply(to: STDIN_FILENO)) != nil
        {
            saved = mode
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            guard let bytes = try? POSIX.File.standardInput.readAvailable(upTo: 64), !bytes.isEmpty else {
                // End of input (a closed pipe): no more keys will come; the take goes on until it is stopped.
                self?.reader?.cancel()
                return
            }
            // A lone ESC is the Escape key; ESC followed by more is an arrow or function key.
            if bytes.count == 1 && bytes.first == 0x1B {
                onKey(.escape)
                return
            }
            // Letters count only outside escape sequences (F1 is ESC O P, the up arrow ESC [ A).
            if bytes.first != 0x1B {
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "p"): onKey(.pause)
                    case UInt8(ascii: "l"): onKey(.listen)
                    case UInt8(ascii: "["): onKey(.keepFromPlayhead)
                    case UInt8(ascii: "]"): onKey(.keepToPlayhead)
                    default: break
                    }
                }
            }
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
        if let saved {
            try? saved.apply(to: STDIN_FILENO)
            self.saved = nil
        }
    }
}

/// Runs `handler` on the main queue when the process receives `signal`, instead of the default action.
@discardableResult
func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) -> DispatchSourceSignal {
    POSIX.ignore(signal: signal)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler(handler: handler)
    source.resume()
    return source
}
