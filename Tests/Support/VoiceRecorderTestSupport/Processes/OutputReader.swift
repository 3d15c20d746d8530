import Dispatch
import Foundation
import Glibc

/// Reads the parent's end of a child's output pipe on a thread of its own until the end (every writer closed it),
/// keeping what it read and handing each chunk to an optional handler as it arrives.
///
/// A thread of its own, not a `FileHandle` readability handler: it reads as long as the pipe is open, whatever the
/// test's own threads are busy with, and a child that fills the pipe never blocks on a test that has not yet
/// asked for its output.
final class OutputReader: Sendable {
    private let data = Locked(Data())
    private let ended = DispatchGroup()

    /// Starts reading `descriptor` (and closes it at the end). With `handler`, each chunk goes there and nothing is
    /// kept.
    init(descriptor: Int32, handler: (@Sendable (Data) -> Void)?) {
        ended.enter()
        let data = data
        let ended = ended
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let chunk = Data(buffer[0 ..< count])
                if let handler { handler(chunk) } else { data.withLock { $0.append(chunk) } }
            }
            close(descriptor)
            ended.leave()
        }
    }

    /// What was read so far, as UTF-8 text (empty when a handler takes the chunks).
    var text: String { String(decoding: data.value, as: UTF8.self) }

    /// Waits up to `timeout` seconds for the end of the pipe; returns whether it came. (A grandchild that inherited
    /// the pipe keeps it open after the child has ended.)
    @discardableResult
    func waitForEnd(timeout: Double) -> Bool {
        ended.wait(timeout: .now() + timeout) == .success
    }
}
