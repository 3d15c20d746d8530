import Foundation

/// A take's file, written while recording (SPEC A.5): `voice-<UUID>.m4a` in the temporary directory.
///
/// `append` is called on the capture thread; `finish` and `discard` on the session's thread after the capture stopped.
public protocol TakeWriter: AnyObject, Sendable {
    /// Where the file is being written.
    var url: URL { get }
    /// Appends mono float PCM at `AudioFormat.sampleRate`. Throws when the file cannot take more (a full disk, a
    /// size limit); what was written before stays valid.
    func append(_ samples: [Float]) throws
    /// Finishes the file into its final, standard form and returns how many audio frames it holds.
    /// Idempotent: a second call returns the same count. When the file cannot be finished but still plays as it
    /// is (a full disk leaves it in its complete fragments), the error is an `UnfinishedTakeError`.
    func finish() throws -> Int
    /// Stops writing and deletes the file. Idempotent.
    func discard()
}

/// A take that could not be finished into its standard form, whose file still plays as it is and holds
/// `framesKept` audio frames (a full disk leaves a take in the fragments it wrote; recovery finishes it later).
public protocol UnfinishedTakeError: Error {
    /// The audio frames the file holds as it is.
    var framesKept: Int { get }
}

/// Makes the writer for each take.
public protocol TakeWriterFactory: Sendable {
    /// A writer for a new take's file.
    func makeWriter() throws -> TakeWriter
}

/// The standard location and name of a take's file: `voice-<UUID>.m4a` in `directory`.
public func takeFileURL(in directory: URL = FileManager.default.temporaryDirectory, id: UUID = UUID()) -> URL {
    directory.appendingPathComponent("voice-\(id.uuidString).m4a")
}
