import Foundation
import VoiceRecorderTestSupport

/// One run of `voice-memos --simulated` in its own X server (the test support's `AppSession`), with a private sound
/// server (kept awake, so playback timings measure the app) and a scratch home: the app's temporary, configuration
/// and data directories are inside (`TMPDIR`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME`), its library in
/// `data/voicerecorder` (`--data-dir`). With `accessibility`, it gets a private session bus, so GTK publishes its
/// accessible tree over AT-SPI. The scratch home outlives `stop()`: a session started over another's `scratch` uses
/// its files (a restart), and `removeScratch()` removes it at the end. The speech engine is looked for in the
/// scratch data directory, where there is none: transcripts are unavailable, and no engine runs beside the app,
/// unless `environment` names the installed one (`VOICERECORDER_SPEECH_HOME`).
///
/// What only the memos app has is in `+Driving`: the mic, recording a memo, its rows and header buttons.
final class MemosAppSession: AppSession, @unchecked Sendable {
    /// Starts Xvfb (`width` × `height`), a sound server and the app with `arguments`; returns once the app said
    /// `ready` (or, without `waitsForReady`, once its window is on screen). With `microphone`, the app records from
    /// the sound server instead of the simulated voice. The same `scratch` can be given again to
    /// start the app over the files a previous session left.
    init(
        arguments: [String] = [], accessibility: Bool = false, width: Int = 800, height: Int = 720,
        scratch: URL? = nil, waitsForReady: Bool = true, microphone: Bool = false,
        environment: [String: String] = [:], windowTitle: String = "Voice Memos"
    ) throws {
        let scratch =
            scratch
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        for folder in ["tmp", "config", "data"] {
            try FileManager.default.createDirectory(
                at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var configuration = Configuration(
            executable: "voice-memos",
            // With `microphone`, takes come from the private sound server's sources (SPEC F), not the simulated voice.
            arguments: (microphone ? [] : ["--simulated"])
                + ["--data-dir", scratch.appendingPathComponent("data/voicerecorder").path] + arguments,
            windowTitle: windowTitle)
        configuration.width = width
        configuration.height = height
        configuration.sound = .privateServer
        configuration.accessibility = accessibility
        configuration.waitsForReady = waitsForReady
        configuration.environment = [
            "TMPDIR": scratch.appendingPathComponent("tmp").path,
            "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
            "XDG_DATA_HOME": scratch.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
        ].merging(environment) { _, given in given }
        try super.init(configuration, scratch: scratch, removingScratch: false)
    }

    /// Removes the scratch home (after `stop()`; a test that restarts the app keeps it until the end).
    func removeScratch() { try? FileManager.default.removeItem(at: scratch) }

    /// The library's directory (`--data-dir`): `memos.sqlite`, `memos/`, `takes/`.
    var dataDirectory: URL { scratch.appendingPathComponent("data/voicerecorder") }
}
