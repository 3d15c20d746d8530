import Foundation
import VoiceRecorder

/// Where the speech engine is installed (by scripts/install-speech-engine.sh): a Python virtual environment, the
/// engine program with its model hashes, and the model, under one directory:
/// `$VOICERECORDER_SPEECH_HOME`, else `speech` in the package's XDG data directory (`XDGDirectories.data`:
/// `$XDG_DATA_HOME/voicerecorder/speech` when that is an absolute path, else `~/.local/share/voicerecorder/speech`).
public struct SpeechEngineInstall: Sendable, Equatable {
    /// The directory everything is in.
    public var home: URL

    /// What the app says when there is no engine (SPEC E.2: one line saying what installs it): the installer the
    /// package put beside the program (`voicerecorder-install-speech-engine`), else the source tree's script.
    public static var notInstalled: String { notInstalled(installer: packagedInstaller()) }

    /// The line naming `installer` (nil: the source tree's `scripts/install-speech-engine.sh`).
    public static func notInstalled(installer: String?) -> String {
        tr("Transcripts are not installed: {installer} installs the speech engine").filling([
            "installer": installer ?? "scripts/install-speech-engine.sh"
        ])
    }

    /// The packaged installer's name when it is installed beside the running program (`<prefix>/bin`).
    static func packagedInstaller() -> String? {
        let name = "voicerecorder-install-speech-engine"
        guard let program = Bundle.main.executableURL else { return nil }
        let beside = program.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: beside.path) ? name : nil
    }

    public init(home: URL) { self.home = home }

    /// The install the environment names, as the installer chose it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home = environment["VOICERECORDER_SPEECH_HOME"], !home.isEmpty {
            self.init(home: URL(fileURLWithPath: home, isDirectory: true))
            return
        }
        self.init(home: XDGDirectories.data(environment: environment).appendingPathComponent("speech"))
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

    /// The engine as a child process, not yet started, with `arguments` (none: the file mode; `--live`: SPEC K),
    /// its compute threads held at `threads` however many cores there are, and its model found in this install
    /// whatever the caller's environment says.
    func process(arguments: [String] = [], threads: Int) -> EngineProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_NUM_THREADS"] = String(threads)
        environment["VOICERECORDER_SPEECH_HOME"] = home.path
        return EngineProcess(python: python, program: program, arguments: arguments, environment: environment)
    }
}
