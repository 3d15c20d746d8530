import Foundation

/// A fresh, empty directory for one test, under the temporary directory (or `parent`), removed with everything
/// in it when the object goes away (or at `remove()`).
public final class ScratchDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `parent/prefix-<UUID>`.
    public init(prefix: String = "voicerecorder-test", in parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The directory's path.
    public var path: String { url.path }

    /// The URL of `name` in the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` in the directory.
    public func path(_ name: String) -> String { file(name).path }

    /// The names in the directory, sorted; throws when it cannot be read (it is gone, say).
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Removes the directory and everything in it now. Idempotent.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
