import Foundation

/// The XDG base directories the package's programs keep their files in, worked out once: `$XDG_CONFIG_HOME`,
/// `$XDG_DATA_HOME` and `$XDG_CACHE_HOME` when they hold an absolute path (the specification says a relative one is
/// invalid and must be ignored), else `~/.config`, `~/.local/share` and `~/.cache`, each with the package's own
/// `voicerecorder` folder in it.
public enum XDGDirectories {
    /// `$XDG_CONFIG_HOME/voicerecorder`: settings.
    public static func config(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_CONFIG_HOME", else: ".config", environment: environment)
    }

    /// `$XDG_DATA_HOME/voicerecorder`: the memos library.
    public static func data(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_DATA_HOME", else: ".local/share", environment: environment)
    }

    /// `$XDG_CACHE_HOME/voicerecorder`: what can be made again (the copies of memos dragged out).
    public static func cache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_CACHE_HOME", else: ".cache", environment: environment)
    }

    private static func directory(_ variable: String, else fallback: String, environment: [String: String]) -> URL {
        if let configured = environment[variable], configured.hasPrefix("/") {
            return URL(fileURLWithPath: configured, isDirectory: true).appendingPathComponent("voicerecorder")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback)
            .appendingPathComponent("voicerecorder", isDirectory: true)
    }
}
