import Foundation
import Synchronization
import VoiceRecorder

/// A take writer that keeps count in memory of how it was used, for checking the session's bookkeeping; it can be
/// told to fail like a full disk. Finishing it keeping part of the take (SPEC D.5) counts the frames kept.
public final class CountingWriter: TakeWriter, Sendable {
    public let url: URL

    private struct State {
        var frames = 0
        var finishCount = 0
        var discardCount = 0
        var flushCount = 0
        var keptFrames: Range<Int>?
        var failAppendAfterFrames: Int?
    }

    private let state = Mutex(State())

    public init(url: URL) { self.url = url }

    /// How many times `flush()` was called (once per pause).
    public var flushCount: Int { state.withLock { $0.flushCount } }
    /// The frames `finish(keeping:)` was told to keep, if it was called.
    public var keptFrames: Range<Int>? { state.withLock { $0.keptFrames } }

    /// The frames appended so far.
    public var frames: Int { state.withLock { $0.frames } }
    /// How many times `finish()` was called.
    public var finishCount: Int { state.withLock { $0.finishCount } }
    /// How many times `discard()` was called.
    public var discardCount: Int { state.withLock { $0.discardCount } }
    /// When set, an append that would go past this many frames fails as a full disk does.
    public var failAppendAfterFrames: Int? {
        get { state.withLock { $0.failAppendAfterFrames } }
        set { state.withLock { $0.failAppendAfterFrames = newValue } }
    }

    public func append(_ samples: [Float]) throws {
        try state.withLock { state in
            if let limit = state.failAppendAfterFrames, state.frames + samples.count > limit {
                throw CocoaError(.fileWriteOutOfSpace)
            }
            state.frames += samples.count
        }
    }

    public func finish() throws -> Int {
        state.withLock { state in
            state.finishCount += 1
            return state.frames
        }
    }

    public func flush() throws { state.withLock { $0.flushCount += 1 } }

    /// Counts as a finish; the file "holds" exactly the kept frames that were appended (no coded frames).
    public func finish(keeping kept: Range<Int>) throws -> Range<Int> {
        state.withLock { state in
            state.finishCount += 1
            state.keptFrames = kept
            return kept.clamped(to: 0 ..< state.frames)
        }
    }

    public func discard() { state.withLock { $0.discardCount += 1 } }
}

/// Makes `CountingWriter`s and remembers them all.
public final class CountingWriterFactory: TakeWriterFactory, Sendable {
    private struct State {
        var writers: [CountingWriter] = []
        var failAppendAfterFrames: Int?
    }

    private let state = Mutex(State())

    public init() {}

    /// Every writer made so far, oldest first.
    public var writers: [CountingWriter] { state.withLock { $0.writers } }
    /// Given to every writer made from now on (see `CountingWriter.failAppendAfterFrames`).
    public var failAppendAfterFrames: Int? {
        get { state.withLock { $0.failAppendAfterFrames } }
        set { state.withLock { $0.failAppendAfterFrames = newValue } }
    }

    public func makeWriter() throws -> TakeWriter {
        state.withLock { state in
            let writer = CountingWriter(url: takeFileURL(in: URL(fileURLWithPath: "/test")))
            writer.failAppendAfterFrames = state.failAppendAfterFrames
            state.writers.append(writer)
            return writer
        }
    }
}

/// Writers for sessions that never record: making one fails.
public struct NoWriters: TakeWriterFactory {
    struct NeverMade: Error {}
    public init() {}
    public func makeWriter() throws -> TakeWriter { throw NeverMade() }
}
