import Foundation
import Synchronization
import VoiceRecorder

/// The live settings: a small JSON file, `$XDG_CONFIG_HOME/voicerecorder/settings.json` (default
/// `~/.config/voicerecorder/settings.json`), written whole and atomically so a crash never leaves half a file.
/// Keys it does not know are kept, so other settings can share the file.
public final class FileMemoSettings: MemoSettings, Sendable {
    /// The file.
    public let url: URL
    /// Held for each read and each read-change-write of the file.
    private let lock = Mutex(())
    private static let speedKey = "playbackSpeed"
    private static let skipSilenceKey = "skipSilence"

    /// Settings kept in `url`.
    public init(url: URL = FileMemoSettings.defaultURL()) { self.url = url }

    /// `$XDG_CONFIG_HOME/voicerecorder/settings.json`, or under `~/.config` when the variable is unset or not an
    /// absolute path (as the XDG base directory specification says).
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectories.config(environment: environment).appendingPathComponent("settings.json")
    }

    public func playbackSpeed() -> PlaybackSpeed {
        // A missing or unreadable file, or a rate that is not one of the three, means the default.
        (lock.withLock { _ in read() }[Self.speedKey] as? Double).flatMap(PlaybackSpeed.init(rate:)) ?? .normal
    }

    public func savePlaybackSpeed(_ speed: PlaybackSpeed) throws {
        try save(Self.speedKey, speed.rate)
    }

    public func skipsSilence() -> Bool {
        lock.withLock { _ in read()[Self.skipSilenceKey] as? Bool } ?? false
    }

    public func saveSkipsSilence(_ skips: Bool) throws {
        try save(Self.skipSilenceKey, skips)
    }

    /// Sets `key` to `value`, keeping every other key of the file.
    private func save(_ key: String, _ value: Any) throws {
        try lock.withLock { _ in
            var settings = read()
            settings[key] = value
            let directory = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let data = try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])
            try data.write(to: url, options: .atomic)
        }
    }

    private func read() -> [String: Any] {
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }
}
