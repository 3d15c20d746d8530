import Foundation
import VoiceRecorderPOSIX

/// The terminal a command runs in: raw keys on standard input, a live status line on standard error.
///
/// Raw mode keeps signals (Ctrl-C, Ctrl-\) working and is undone on every way out, so the shell is never left
/// without echo.
/// `@unchecked Sendable`: its `var`s are used on the main thread only; the key reader hops to the main queue
final class Terminal: @unchecked Sendable {
    /// Whether standard input is an interactive terminal.
    let isInteractive = POSIX.isTerminal(STDIN_FILENO)
    /// Whether standard error is a terminal (the live line is only drawn there).
    let showsLiveLine = POSIX.isTerminal(STDERR_FILENO)
    /// The mode to put back, while standard input is switched to raw keys.
    private var saved: POSIX.TerminalMode?
    /// Whether keys read are still answered (until `restore()`; the reading thread itself can't be stopped
    /// while it waits in read(2), and ends with the process).
    private var readsKeys = false
    /// What each key is handed to, on the main queue.
    private var onKey: ((Key) -> Void)?

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
        // A thread of its own blocked in read(2), not a dispatch read source: a source on a pipe that its writer
        // closes mid-take (EPOLLHUP) crashed libdispatch's event loop now and then on Linux (a bad pointer in
        // _dispatch_event_loop_drain), and a thread that reads until the end of input needs no event loop at all.
        let reader = Thread { [weak self] in
            while true {
                guard let bytes = try? POSIX.File.standardInput.readAvailable(upTo: 64), !bytes.isEmpty else {
                    // End of input (a closed pipe): no more keys will come; the take goes on until it is stopped.
                    return
                }
                let keys = Self.keys(in: bytes)
                guard !keys.isEmpty else { continue }
                DispatchQueue.main.async {
                    guard let self, self.readsKeys, let onKey = self.onKey else { return }
                    for key in keys { onKey(key) }
                }
            }
        }
        reader.name = "keys"
        self.onKey = onKey
        readsKeys = true
        reader.start()
    }

    /// The keys a chunk of standard input holds, in the order they are answered.
    static func keys(in bytes: [UInt8]) -> [Key] {
        // A lone ESC is the Escape key; ESC followed by more is an arrow or function key.
        if bytes.count == 1 && bytes.first == 0x1B { return [.escape] }
        var keys: [Key] = []
        // Letters count only outside escape sequences (F1 is ESC O P, the up arrow ESC [ A).
        if bytes.first != 0x1B {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "p"): keys.append(.pause)
                case UInt8(ascii: "l"): keys.append(.listen)
                case UInt8(ascii: "["): keys.append(.keepFromPlayhead)
                case UInt8(ascii: "]"): keys.append(.keepToPlayhead)
                default: break
                }
            }
        }
        if bytes.contains(0x0A) || bytes.contains(0x0D) { keys.append(.enter) }
        if bytes.first != 0x1B, bytes.contains(0x1B) { keys.append(.escape) }
        return keys
    }

    /// Draws the live line (when standard error is a terminal).
    func status(_ text: String) {
        guard showsLiveLine else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    /// Ends the live line and puts the terminal back as it was.
    func restore() {
        readsKeys = false
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
