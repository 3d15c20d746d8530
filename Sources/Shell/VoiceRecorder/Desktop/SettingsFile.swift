import Foundation
import Synchronization

/// The one home of an app's settings: a small JSON file (`$XDG_CONFIG_HOME/voicerecorder/settings.json` for Voice
/// Memos), read and written whole. Each setting (`RecordingFormatSetting`, `MicrophoneSetting`, the memos' playback
/// settings) owns its keys and keeps the others as they are, so one file holds them all. Written atomically in a
/// 0700 directory; a file that can't be read reads as empty. (Why a file and not GSettings: docs/DESIGN.md,
/// "Settings".)
public final class SettingsFile: Sendable {
    /// The file.
    public let url: URL
    /// Held for each read and each read-change-write, so two settings saved at once never lose each other's keys.
    private let lock = Mutex(())
    /// The files opened in this process, by path: every setting kept in a file shares its one lock.
    private static let opened = Mutex<[String: SettingsFile]>([:])

    private init(url: URL) { self.url = url }

    /// The settings file at `url`, the same instance for every setting that keeps its keys there.
    public static func at(_ url: URL) -> SettingsFile {
        opened.withLock { files in
            let path = url.standardizedFileURL.path
            if let file = files[path] { return file }
            let file = SettingsFile(url: url)
            files[path] = file
            return file
        }
    }

    /// Every key in the file.
    public func read() -> [String: Any] {
        lock.withLock { _ in contents() }
    }

    /// Changes some keys and writes the file again, the other keys kept.
    public func update(_ change: (inout [String: Any]) -> Void) throws {
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
