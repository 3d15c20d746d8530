import Foundation

/// Brings audio files into the library as memos (SPEC J.3): files dropped on the window. Calls are synchronous and
/// may take seconds (a long file is encoded as a take is); the model runs them on its background work, one file at a
/// time.
public protocol MemoImporter: Sendable {
    /// Copies (or encodes) the audio file at `url` into the library as a new, untitled memo with `id`, dated when
    /// its audio was recorded as far as the file says, and returns it. Throws, in words naming the file, for a file
    /// that is not audio or holds none, or one that can't be read or kept; nothing is left of it in the library then.
    func importFile(_ url: URL, id: UUID) throws -> Memo
}
