import Foundation
import Synchronization
import VoiceRecorder

/// Keeps count of every take file a run creates and how each one ended (finished and delivered, or discarded), so
/// the summary can prove no file was left behind.
final class TakeFileLedger: TakeWriterFactory, Sendable {
    private let base: TakeWriterFactory
    private let open = Mutex<Set<URL>>([])

    init(wrapping base: TakeWriterFactory) { self.base = base }

    func makeWriter() throws -> TakeWriter {
        let writer = try base.makeWriter()
        open.withLock { _ = $0.insert(writer.url) }
        return LedgerWriter(writer) { [weak self] url in _ = self?.open.withLock { $0.remove(url) } }
    }

    /// Files neither finished nor discarded yet.
    var openFiles: Int { open.withLock { $0.count } }

    private final class LedgerWriter: TakeWriter, Sendable {
        private let inner: TakeWriter
        private let closed: @Sendable (URL) -> Void
        init(_ inner: TakeWriter, closed: @escaping @Sendable (URL) -> Void) {
            self.inner = inner
            self.closed = closed
        }
        var url: URL { inner.url }
        func append(_ samples: [Float]) throws { try inner.append(samples) }
        func flush() throws { try inner.flush() }
        func finish() throws -> Int {
            defer { closed(inner.url) }
            return try inner.finish()
        }
        /// A file that cannot be cut stays open: the session deletes it next, and `discard` closes it then.
        func finish(keeping kept: Range<Int>) throws -> Range<Int> {
            let played = try inner.finish(keeping: kept)
            closed(inner.url)
            return played
        }
        func discard() {
            inner.discard()
            closed(inner.url)
        }
    }
}

/// A take "file" that exists only in the run's memory: it counts the frames it is given. Scripted runs without
/// `--write` use it, so they need no disk and no encoder and still account for every take.
final class VirtualTakeWriter: TakeWriter, Sendable {
    let url: URL
    private let frames = Mutex(0)

    init(url: URL) { self.url = url }
    func append(_ samples: [Float]) throws { frames.withLock { $0 += samples.count } }
    func finish() throws -> Int { frames.withLock { $0 } }
    /// The frames of `kept` that were appended, from the first AAC frame boundary inside them: what a cut
    /// `.m4a` plays (`CodedFrameCut`), so a run without `--write` reports what one with it does.
    func finish(keeping kept: Range<Int>) throws -> Range<Int> {
        frames.withLock { CodedFrameCut.playedFrames(keeping: kept.clamped(to: 0 ..< $0)) }
    }
    func discard() {}
}

/// Makes `VirtualTakeWriter`s named like real take files.
struct VirtualTakeWriterFactory: TakeWriterFactory {
    func makeWriter() throws -> TakeWriter {
        VirtualTakeWriter(url: takeFileURL(in: URL(fileURLWithPath: "/virtual")))
    }
}
