import Foundation

/// A fresh, empty directory for one test, removed with everything in it when the test ends.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicerecorder-sqlite-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path in the directory.
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }
}
