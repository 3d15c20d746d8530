import Foundation

/// Where the speech engine is installed (by scripts/install-speech-engine.sh): a Python virtual environment, the
/// engine program with its model hashes, and the model, under one directory:
/// `${VOICERECORDER_SPEECH_HOME:-${XDG_DATA_HOME:-~/.local/share}/voicerecorder/speech}`.
public struct SpeechEngineInstall: Sendable, Equatable {
    /// The directory everything is in.
    public var home: URL

    /// What the app says when there is no engine (SPEC E.2: one line saying which script installs it).
    public static let notInstalled =
        "Transcripts are not installed: scripts/install-speech-engine.sh installs the speech engine"

    public init(home: URL) { self.home = home }

    /// The install the environment names, as the installer chose it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home = environment["VOICERECORDER_SPEECH_HOME"], !home.isEmpty {
            self.init(home: URL(fileURLWithPath: home, isDirectory: true))
            return
        }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
        self.init(
            home: URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("voicerecorder/speech"))
    }

    /// The virtual environment's interpreter.
    public var python: URL { home.appendingPathComponent("venv/bin/python") }
    /// The engine program (copied there with `model.sha256` beside it, which it checks the model against).
    public var program: URL { home.appendingPathComponent("engine/voicerec_speech.py") }

    /// Whether both are in place (the model itself is checked by the engine, which answers `unavailable` when it
    /// is missing or damaged).
    public var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: python.path)
            && FileManager.default.fileExists(atPath: program.path)
    }
}
