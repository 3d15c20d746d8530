import Foundation

/// A take's file, written while recording (SPEC A.5): `voice-<UUID>.m4a` in the temporary directory.
///
/// `append` is called on the capture thread; `flush`, `finish` and `discard` on the session's thread after the
/// capture stopped. With preview on (SPEC D) a take may pause and record on: `append` then continues the same file.
public protocol TakeWriter: AnyObject, Sendable {
    /// Where the file is being written.
    var url: URL { get }
    /// Appends mono float PCM at `AudioFormat.sampleRate`. Throws when the file cannot take more (a full disk, a
    /// size limit); what was written before stays valid.
    func append(_ samples: [Float]) throws
    /// Makes everything appended so far readable from the file, which stays open for more (SPEC D.2: a paused take
    /// is listened to from its file). Called when a take pauses.
    func flush() throws
    /// Finishes the file into its final, standard form and returns how many audio frames it holds.
    /// Idempotent: a second call returns the same count. When the file cannot be finished but still plays as it
    /// is (a full disk leaves it in its complete fragments), the error is an `UnfinishedTakeError`.
    func finish() throws -> Int
    /// Finishes the file holding only the take's frames `kept` (SPEC D.5: a trimmed take; frames counted from the
    /// take's first, at `AudioFormat.sampleRate`, within what was appended) and returns the frames of the take the
    /// file plays: within `kept`, ending where it ends; a coded format may start them a little later, at its first
    /// frame boundary inside (`CodedFrameCut`), so that audio outside `kept` is gone from the file beyond one frame
    /// of encoder pre-roll hidden by the edit list. Idempotent for the same `kept`. If the file cannot be cut, it
    /// must throw rather than finish the whole take: the session then deletes the file instead of sending audio the
    /// person cut away.
    func finish(keeping kept: Range<Int>) throws -> Range<Int>
    /// Stops writing and deletes the file. Idempotent.
    func discard()
}

extension TakeWriter {
    /// For writers whose file is readable as soon as `append` returns: nothing to do.
    public func flush() throws {}

    /// For writers that cannot cut a take: throws `TakeTrimmingUnsupportedError`, leaving the file as it is.
    public func finish(keeping kept: Range<Int>) throws -> Range<Int> { throw TakeTrimmingUnsupportedError(url: url) }
}

/// A writer was asked to send part of a take and cannot cut its file.
public struct TakeTrimmingUnsupportedError: Error, CustomStringConvertible {
    /// The take's file.
    public let url: URL
    public var description: String { "\(url.lastPathComponent): this file cannot be cut to the kept part" }
}

/// A take that could not be finished into its standard form, whose file still plays as it is and holds
/// `framesKept` audio frames (a full disk leaves a take in the fragments it wrote; recovery finishes it later).
public protocol UnfinishedTakeError: Error {
    /// The audio frames the file holds as it is.
    var framesKept: Int { get }
}

/// Makes the writer for each take.
public protocol TakeWriterFactory: Sendable {
    /// A writer for a new take's file in the factory's own format.
    func makeWriter() throws -> TakeWriter
    /// A writer for a new take's file in `format` (SPEC G). A factory that writes one format only needs no
    /// implementation: it writes its own whatever is asked.
    func makeWriter(format: TakeFormat) throws -> TakeWriter
}

extension TakeWriterFactory {
    public func makeWriter(format: TakeFormat) throws -> TakeWriter { try makeWriter() }
}
