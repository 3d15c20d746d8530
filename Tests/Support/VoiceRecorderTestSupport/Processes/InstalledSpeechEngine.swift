import Foundation
import VoiceRecorder

/// The speech engine the test command installed (`scripts/install-speech-engine.sh`, which `scripts/test.sh` runs
/// first), for tests that run it from a process of their own: such a process has a `HOME` of its own (a private
/// sound server's runtime directory, a scratch directory), where no engine is, so it is named to it explicitly.
public enum InstalledSpeechEngine {
    /// `$VOICERECORDER_SPEECH_HOME`, or where the installer puts the engine for the person running the tests
    /// (`speech` in the package's XDG data directory).
    public static let home: String =
        ProcessInfo.processInfo.environment["VOICERECORDER_SPEECH_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        ?? XDGDirectories.data().appendingPathComponent("speech").path

    /// The environment variable naming it.
    public static var environment: [String: String] { ["VOICERECORDER_SPEECH_HOME": home] }
}
