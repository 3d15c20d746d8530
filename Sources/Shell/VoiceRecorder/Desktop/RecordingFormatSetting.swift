import Foundation

/// The remembered "Recording format" of an app (SPEC G): the `recordingFormat` key of a small JSON settings file,
/// `"aac"` or `"opus"`. The file is written whole and atomically, and keys it does not know are kept, so it can be
/// shared with an app's other settings.
public final class RecordingFormatSetting: @unchecked Sendable {
    /// The settings file.
    public let url: URL
    private let lock = NSLock()
    static let key = "recordingFormat"

    /// The setting kept in `url`.
    public init(url: URL) { self.url = url }

    /// `$XDG_CONFIG_HOME/voicerecorder/<name>` (or under `~/.config` when the variable is unset or not absolute).
    public static func url(
        named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let configured = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: configured ?? home + "/.config", isDirectory: true)
            .appendingPathComponent("voicerecorder", isDirectory: true).appendingPathComponent(name)
    }

    /// The format chosen last; AAC when none was, or when what is saved cannot be read.
    public func load() -> TakeFormat {
        lock.withLock { (read()[Self.key] as? String).flatMap(TakeFormat.init(rawValue:)) } ?? .default
    }

    /// Remembers `format` for the next start.
    public func save(_ format: TakeFormat) throws {
        try lock.withLock {
            var settings = read()
            settings[Self.key] = format.rawValue
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys]).write(
                to: url, options: .atomic)
        }
    }

    private func read() -> [String: Any] {
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }
}
