import Foundation

/// The remembered "Recording format" of an app (SPEC G): the `recordingFormat` key of a small JSON settings file,
/// `"aac"` or `"opus"`. The file is written whole and atomically, and keys it does not know are kept, so it can be
/// shared with an app's other settings.
public final class RecordingFormatSetting: Sendable {
    /// The settings file.
    public var url: URL { file.url }
    private let file: SettingsFile
    static let key = "recordingFormat"

    /// The setting kept in `url`.
    public init(url: URL) { file = SettingsFile.at(url) }

    /// `$XDG_CONFIG_HOME/voicerecorder/<name>` (or under `~/.config` when the variable is unset or not absolute).
    public static func url(
        named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        XDGDirectories.config(environment: environment).appendingPathComponent(name)
    }

    /// The format chosen last; AAC when none was, or when what is saved cannot be read.
    public func load() -> TakeFormat {
        (file.read()[Self.key] as? String).flatMap(TakeFormat.init(rawValue:)) ?? .default
    }

    /// Remembers `format` for the next start.
    public func save(_ format: TakeFormat) throws {
        try file.update { $0[Self.key] = format.rawValue }
    }
}
