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
    /// Idempotent: a second call returns the same count.
    func finish() throws -> Int
    /// Stops writing and deletes the file. Idempotent.
    func discard()
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
