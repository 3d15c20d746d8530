import Foundation
import Glibc
import VoiceRecorderPOSIX

/// A fresh directory for one test, removed with everything in it when the test ends.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("voicerecorder-posix-tests-\(UUID().uuidString)").path
        try POSIX.makeDirectory(path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path in the directory.
    func file(_ name: String) -> String { path + "/" + name }
}

/// The bytes of the file at `path`, read without the layer under test.
func contents(of path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Bytes that differ from one position to the next, so a byte out of place shows.
func pattern(count: Int, seed: Int = 0) -> [UInt8] {
    (0 ..< count).map { UInt8(truncatingIfNeeded: ($0 &+ seed) &* 31 &+ ($0 >> 9)) }
}
