import Foundation
import VoiceRecorderPOSIX

/// Copies a file to a path where nothing is yet: the new file is created exclusively (`O_EXCL`), so an existing file
/// is never overwritten, not even one that appears between a check and the copy.
public enum NewFileCopy {
    /// Bytes moved per read and write.
    private static let chunk = 1 << 20

    /// Copies `source` to the new file `destination` (mode 0600), and makes it durable (`fsync`). Throws
    /// `NewFileCopy.Exists` when `destination` exists (it is left as it is); on any other failure the
    /// partial copy is removed.
    public static func copy(_ source: URL, to destination: URL) throws {
        let input = try POSIX.File(path: source.path, access: .readOnly)
        let output = try create(destination)
        do {
            var offset: Int64 = 0
            while true {
                let bytes = try input.read(count: chunk, at: offset)
                if bytes.isEmpty { break }
                try output.write(bytes, at: offset)
                offset += Int64(bytes.count)
            }
            try output.synchronize()
            try output.close()
        } catch {
            _ = try? POSIX.removeFile(ifPresent: destination.path)
            throw error
        }
    }

    /// The new, empty file at `url`; `Exists` when there is one already.
    private static func create(_ url: URL) throws -> POSIX.File {
        do {
            return try POSIX.File(path: url.path, access: .writeOnly, options: [.create, .exclusive])
        } catch let error where error.code == EEXIST {
            throw Exists(path: url.path)
        }
    }

    /// The destination exists: it was left as it is.
    public struct Exists: Error, CustomStringConvertible {
        /// The destination's path.
        public let path: String
        public var description: String { "\(path) already exists; it was left as it is (choose a new path)" }
    }
}
