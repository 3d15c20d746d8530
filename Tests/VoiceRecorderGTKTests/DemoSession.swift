import Foundation
import VoiceRecorderTestSupport

/// One run of `voicerecorder-demo --simulated` in its own X server (the test support's `AppSession`), its takes
/// going to a scratch temporary directory removed at `stop()`. With `accessibility`, the demo gets a private session
/// bus and its accessible tree can be read; with `windowManager`, Openbox runs on the display, so the window can be
/// minimised and restored; `sound` chooses the sound server the demo plays to. With `microphone`, takes come from
/// that server's sources instead of the simulated voice (SPEC F), and `configuration` is its settings' home.
///
/// What only the demo has, a file each: `+Events` reads where its mic is and what it wrote; `+Driving` presses the
/// mic, locks, and waits for what has no line of its own (`sync()`, the pause after a discard); `+Sliding` slides by
/// fractions of the cancel reach; `+Preview` pauses a take.
final class DemoSession: AppSession, @unchecked Sendable {
    init(
        arguments: [String] = [], accessibility: Bool = false, windowManager: Bool = false,
        sound: Sound = .inherited, microphone: Bool = false, configuration home: URL? = nil
    ) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gtk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var configuration = Configuration(
            executable: "voicerecorder-demo", arguments: (microphone ? [] : ["--simulated"]) + arguments,
            windowTitle: "Voice Recorder")
        configuration.accessibility = accessibility
        configuration.windowManager = windowManager
        configuration.sound = sound
        configuration.environment = ["TMPDIR": scratch.path]
        if let home { configuration.environment["XDG_CONFIG_HOME"] = home.path }
        configuration.endGrace = 0.5
        try super.init(configuration, scratch: scratch, removingScratch: true)
    }

    /// Whether the demo is still running (it must never exit by itself).
    var demoIsRunning: Bool { appIsRunning }
}
