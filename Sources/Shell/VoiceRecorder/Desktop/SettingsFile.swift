import Foundation
import Synchronization

/// An app's small JSON settings file, read and written whole: each setting (`RecordingFormatSetting`,
/// `MicrophoneSetting`) owns its keys and keeps the others as they are, so one file holds them all. Written
/// atomically in a 0700 directory; a file that can't be read reads as empty.
final class SettingsFile: Sendable {
    let url: URL
    /// Held for each read and each read-change-write, so two settings saved at once never lose each other's keys.
    private let lock = Mutex(())

    init(url: URL) { self.url = url }

    /// Every key in the file.
    func read() -> [String: Any] {
        lock.withLock { _ in contents() }
    }

    /// Changes some keys and writes the file again, the other keys kept.
    func update(_ change: (inout [String: Any]) -> Void) throws {
        try lock.withLock { _ in
            var settings = contents()
            change(&settings)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys]).write(
                to: url, options: .atomic)
        }
    }

    private func contents() -> [String: Any] {
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }
}
