import Foundation
import VoiceRecorder

/// Keeps count of every take file a run creates and how each one ended (finished and delivered, or discarded), so
/// the summary can prove no file was left behind.
/// `@unchecked Sendable`: `open` is read and written under `lock`; `base` is a `let` of a Sendable factory
final class TakeFileLedger: TakeWriterFactory, @unchecked Sendable {
    private let lock = NSLock()
    private let base: TakeWriterFactory
    private var open: Set<URL> = []

    init(wrapping base: TakeWriterFactory) { self.base = base }

    func makeWriter() throws -> TakeWriter {
        let writer = try base.makeWriter()
        lock.withLock { _ = open.insert(writer.url) }
        return LedgerWriter(writer) { [weak self] url in _ = self?.lock.withLock { self?.open.remove(url) } }
    }

    /// Files neither finished nor discarded yet.
    var openFiles: Int { lock.withLock { open.count } }

    /// `@unchecked Sendable`: immutable after init: a Sendable writer and a `@Sendable` closure
    private final class LedgerWriter: TakeWriter, @unchecked Sendable {
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
/// `@unchecked Sendable`: `frames` is read and written under `lock`; `url` is a `let`
final class VirtualTakeWriter: TakeWriter, @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private var frames = 0

    init(url: URL) { self.url = url }
    func append(_ samples: [Float]) throws { lock.withLock { frames += samples.count } }
    func finish() throws -> Int { lock.withLock { frames } }
    /// The frames of `kept` that were appended, from the first AAC frame boundary inside them: what a cut
    /// `.m4a` plays (`CodedFrameCut`), so a run without `--write` reports what one with it does.
    func finish(keeping kept: Range<Int>) throws -> Range<Int> {
        lock.withLock { CodedFrameCut.playedFrames(keeping: kept.clamped(to: 0 ..< frames)) }
    }
    func discard() {}
}

/// Makes `VirtualTakeWriter`s named like real take files.
struct VirtualTakeWriterFactory: TakeWriterFactory {
    func makeWriter() throws -> TakeWriter {
        VirtualTakeWriter(url: takeFileURL(in: URL(fileURLWithPath: "/virtual")))
    }
}
