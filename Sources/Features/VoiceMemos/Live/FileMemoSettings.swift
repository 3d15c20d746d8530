import Foundation
import VoiceRecorder

/// The live settings: the playback speed and skip silence, kept in the app's one settings file (`SettingsFile`,
/// `$XDG_CONFIG_HOME/voicerecorder/settings.json`, default `~/.config/voicerecorder/settings.json`), written whole and
/// atomically so a crash never leaves half a file.
public final class FileMemoSettings: MemoSettings, Sendable {
    /// The file.
    public let url: URL
    /// The app's one settings file, shared with the recording format and the microphone.
    private let file: SettingsFile
    private static let speedKey = "playbackSpeed"
    private static let skipSilenceKey = "skipSilence"

    /// Settings kept in `url`.
    public init(url: URL = FileMemoSettings.defaultURL()) {
        self.url = url
        file = SettingsFile.at(url)
    }

    /// `$XDG_CONFIG_HOME/voicerecorder/settings.json`, or under `~/.config` when the variable is unset or not an
    /// absolute path (as the XDG base directory specification says).
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectories.config(environment: environment).appendingPathComponent("settings.json")
    }

    public func playbackSpeed() -> PlaybackSpeed {
        // A missing or unreadable file, or a rate that is not one of the three, means the default.
        (file.read()[Self.speedKey] as? Double).flatMap(PlaybackSpeed.init(rate:)) ?? .normal
    }

    public func savePlaybackSpeed(_ speed: PlaybackSpeed) throws {
        try save(Self.speedKey, speed.rate)
    }

    public func skipsSilence() -> Bool {
        file.read()[Self.skipSilenceKey] as? Bool ?? false
    }

    public func saveSkipsSilence(_ skips: Bool) throws {
        try save(Self.skipSilenceKey, skips)
    }

    /// Sets `key` to `value`, keeping every other key of the file.
    private func save(_ key: String, _ value: Any) throws {
        try file.update { $0[key] = value }
    }
}
