import Foundation

/// The remembered microphone of an app (SPEC F.1): the `microphone` key of the app's JSON settings file, the chosen
/// source's name, with its description beside it (`microphoneDescription`) so the fallback's toast can name a source
/// that is gone. Written whole and atomically; keys it does not know are kept (the file is shared with the app's
/// other settings).
public final class MicrophoneSetting: Sendable {
    /// The settings file.
    public var url: URL { file.url }
    private let file: SettingsFile
    static let nameKey = "microphone"
    static let descriptionKey = "microphoneDescription"

    /// The setting kept in `url`.
    public init(url: URL) { file = SettingsFile.at(url) }

    /// The source chosen last, or nil when none was (the default then), or what is saved cannot be read.
    public func load() -> (name: String, description: String)? {
        let settings = file.read()
        guard let name = settings[Self.nameKey] as? String, !name.isEmpty else { return nil }
        return (name, settings[Self.descriptionKey] as? String ?? name)
    }

    /// Remembers `source` for the next start.
    public func save(_ source: Microphone) throws {
        try file.update { settings in
            settings[Self.nameKey] = source.name
            settings[Self.descriptionKey] = source.description
        }
    }
}
