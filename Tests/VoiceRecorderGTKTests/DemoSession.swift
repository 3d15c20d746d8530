import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `voicerecorder-demo --simulated` in its own X server: starts Xvfb on a free display, launches the demo
/// there (files going to a scratch temporary directory), reads its JSON lines and its standard error, and drives it
/// with xdotool. With `accessibility`, the demo also gets a private session bus (the bus `dbus-run-session` would
/// give it), so GTK publishes its accessible tree over AT-SPI and `accessibleTree()` can read it. With
/// `windowManager`, a window manager (Openbox) runs on the display, so the window can be minimised and restored
/// (bare Xvfb has none: minimising there does nothing). `sound` chooses the sound server the demo plays to.
/// `stop()` (also run on deinit) expects that GTK and GLib printed no warnings or criticals and that every line of
/// standard output was a JSON event, then ends the demo and the servers.
///
/// Its jobs, a file each: this one starts and stops it all; `+Events` reads what the demo says; `+Driving` moves
/// the pointer and the window; `+Sliding`, `+Accessibility` and `+Screenshot` serve the tests of those.
final class DemoSession: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case timedOut(String)
        var description: String {
            switch self {
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    /// The sound server the demo's playback reaches.
    enum Sound {
        /// Whatever the environment says (the test command unsets `PULSE_SERVER`).
        case inherited
        /// A private PulseAudio server for this session: a null sink at 24 kHz mono, on a socket of its own.
        case privateServer
        /// None: `PULSE_SERVER` names a socket nobody listens on.
        case none
    }

    /// The X server the demo runs on.
    let screen: VirtualDisplay
    private let scratchDirectory: ScratchDirectory
    private let windowManager: WindowManager?
    /// The private sound server (with `sound: .privateServer`).
    let soundServer: SoundServer?
    private let sessionBus: SessionBus?
    private let demo: ChildProcess
    /// Standard output: each event with the moment it was read, and any line that was not an event.
    let lines: Locked<EventLines>
    private var stopped = false
    /// The demo's window, as xdotool and wmctrl name it.
    private(set) var windowID = ""

    init(
        arguments: [String] = [], accessibility: Bool = false, windowManager: Bool = false,
        sound: Sound = .inherited
    ) throws {
        screen = try VirtualDisplay()
        scratchDirectory = try ScratchDirectory(prefix: "gtk-e2e")
        self.windowManager =
            windowManager
            ? try WindowManager(display: screen, home: scratchDirectory.file("window-manager")) : nil
        var environment = screen.environment.adding(["GSK_RENDERER": "cairo", "TMPDIR": scratchDirectory.path])
        switch sound {
        case .inherited:
            soundServer = nil
        case .privateServer:
            let server = try SoundServer()
            // Rendering in small blocks, as a desktop's sink does: a stream is asked for audio at once, so what is
            // heard (and the positions it reports) starts when the play does.
            try server.keepAwake()
            soundServer = server
            environment = environment.adding(["PULSE_SERVER": server.address])
        case .none:
            soundServer = nil
            environment = environment.adding(["PULSE_SERVER": "unix:" + scratchDirectory.path("no-sound-server")])
        }
        if accessibility {
            let bus = try SessionBus()
            sessionBus = bus
            environment = environment.adding(["DBUS_SESSION_BUS_ADDRESS": bus.address])
                .removing("GTK_A11Y", "NO_AT_BRIDGE")
        } else {
            sessionBus = nil
            // No session bus here: without these GTK would complain that it cannot reach the accessibility bus.
            environment = environment.adding(["GTK_A11Y": "none", "NO_AT_BRIDGE": "1"])
        }

        let lines = Locked(EventLines())
        self.lines = lines
        demo = try ChildProcess(
            BuiltExecutables.path(of: "voicerecorder-demo"), ["--simulated"] + arguments, environment: environment,
            output: .stream { data in
                let now = Date().timeIntervalSince1970
                lines.withLock { $0.take(data, at: now) }
            },
            errors: .capture)

        try waitFor("ready", timeout: 20)
        // The title exactly: GTK's hidden client-leader window is named after the program ("Voice Recorder Demo").
        // Only once the window is viewable does it take input: a press sent before would be lost (seen under load
        // as a first hold that never landed).
        windowID =
            try xdotool(["search", "--sync", "--onlyvisible", "--name", "^Voice Recorder$"])
            .split(separator: "\n").first.map(String.init) ?? ""
    }

    deinit { stop() }

    /// Expects a quiet standard error (no GTK or GLib warnings or criticals) and nothing but events on standard
    /// output, ends the demo, the servers and the window manager, and removes the scratch directory.
    func stop() {
        guard !stopped else { return }
        stopped = true
        usleep(100_000)  // what the demo printed last reaches the pipe
        #expect(gtkWarnings.isEmpty, "GTK/GLib complained: \(gtkWarnings)")
        let output = lines.withLock { lines in
            lines.finish()
            return lines
        }
        output.expectOnlyEvents()
        demo.end(grace: 0.5)
        sessionBus?.stop()
        soundServer?.shutdown()
        windowManager?.stop()
        screen.stop()
        scratchDirectory.remove()
    }

    /// The X display's number (the display is `:display`).
    var display: Int { screen.number }

    /// Where the demo writes its takes.
    var scratch: URL { scratchDirectory.url }

    /// The private session bus's address (with `accessibility`).
    var busAddress: String? { sessionBus?.address }

    /// Whether the demo is still running (it must never exit by itself).
    var demoIsRunning: Bool { demo.isRunning }

    /// Everything the demo printed on standard error so far.
    var errorOutput: String { demo.capturedErrors }
}
