import Foundation
import Testing

/// One run of one of the package's GTK apps in an X server of its own, for an end-to-end test: Xvfb on a free
/// display, optionally a window manager (Openbox, so the window can be minimised and restored) and a private session
/// bus (so GTK publishes the accessible tree over AT-SPI), the sound server the app plays to, and the app itself with
/// its JSON lines read as they arrive and its standard error kept. The test drives it with xdotool as a person would
/// and waits for the lines that say what happened.
///
/// The apps' own sessions build on it (`DemoSession`, `MemosAppSession`): they say how their app is started and add
/// what only that app has (the demo's mic and reaches, the memos' rows). Its jobs, a file each: this one starts and
/// stops it all; `+Events` reads what the app says and waits for it; `+Driving` moves the pointer, the keys and the
/// window, and lets time pass where a gesture needs it; `+Accessibility` reads the tree.
///
/// `stop()` (also run on deinit) ends the app, reads its output to the end, and expects that every line of standard
/// output was a JSON object and that GTK, GLib and libadwaita printed no warnings or criticals; then it ends the
/// servers.
open class AppSession: @unchecked Sendable {
    /// A wait that ran out of time: what was waited for, and what the app had said by then.
    public enum Failure: Error, CustomStringConvertible {
        case timedOut(String)
        public var description: String {
            switch self {
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    /// The sound server the app's playback reaches.
    public enum Sound: Sendable {
        /// Whatever the environment says (the test command unsets `PULSE_SERVER`).
        case inherited
        /// A private PulseAudio server for this session (a null sink at 24 kHz mono), kept awake: it renders in
        /// small blocks, as a desktop's sink does, so what is heard (and the positions reported) starts when the play
        /// does.
        case privateServer
        /// None: `PULSE_SERVER` names a socket nobody listens on.
        case none
    }

    /// How to start the app.
    public struct Configuration: Sendable {
        /// The built executable's name (`BuiltExecutables`).
        public var executable: String
        public var arguments: [String]
        /// The title of the app's window, exactly: GTK's hidden client-leader window carries the program's name too.
        public var windowTitle: String
        /// The screen's size.
        public var width = 800
        public var height = 700
        public var windowManager = false
        public var sound = Sound.inherited
        /// A private session bus, so the accessible tree can be read.
        public var accessibility = false
        /// Variables added to the app's environment (its temporary and data directories).
        public var environment: [String: String] = [:]
        /// Whether starting waits for the app's `ready` line (otherwise only for its window).
        public var waitsForReady = true
        /// How long the app may take to say `ready`.
        public var readyTimeout = 20.0
        /// How long `stop()` lets the app end after SIGTERM before it is killed.
        public var endGrace = 1.0

        public init(executable: String, arguments: [String], windowTitle: String) {
            self.executable = executable
            self.arguments = arguments
            self.windowTitle = windowTitle
        }
    }

    /// The X server the app runs on.
    public let screen: VirtualDisplay
    /// The directory the app's files go to.
    public let scratch: URL
    /// The private sound server (with `Sound.privateServer`).
    public let soundServer: SoundServer?
    private let windowManager: WindowManager?
    private let sessionBus: SessionBus?
    private let removesScratch: Bool
    private let endGrace: Double
    let app: ChildProcess
    /// Standard output: each event with the moment it was read, and any line that was not an event.
    let lines: Locked<EventLines>
    private let stopped = Locked(false)
    /// The app's window, as xdotool and wmctrl name it.
    public private(set) var windowID = ""
    /// When the pointer's button last went down (`press(at:)`), for `waitPastTheHoldDelay()`.
    let lastPress = Locked<Date?>(nil)

    /// Starts the servers and the app as `configuration` says, its files in `scratch` (which must exist), and
    /// returns once the app has said `ready` (unless told not to wait) and its window is on screen. With
    /// `removingScratch`, `stop()` removes the directory; otherwise it is left for the test (a restart uses it again).
    public init(_ configuration: Configuration, scratch: URL, removingScratch: Bool) throws {
        /// Runs `body`; when it throws, the scratch directory that was to go at `stop()` goes now.
        func starting<Value>(_ body: () throws -> Value) throws -> Value {
            do { return try body() } catch {
                if removingScratch { try? FileManager.default.removeItem(at: scratch) }
                throw error
            }
        }
        self.scratch = scratch
        removesScratch = removingScratch
        endGrace = configuration.endGrace
        let screen = try starting { try VirtualDisplay(width: configuration.width, height: configuration.height) }
        self.screen = screen
        windowManager =
            configuration.windowManager
            ? try starting {
                try WindowManager(display: screen, home: scratch.appendingPathComponent("window-manager"))
            }
            : nil
        // Never the desktop's session bus: the app gets a private one, or none.
        var environment = screen.environment.adding(["GSK_RENDERER": "cairo"]).adding(configuration.environment)
            .removing("DBUS_SESSION_BUS_ADDRESS")
        switch configuration.sound {
        case .inherited:
            soundServer = nil
        case .privateServer:
            let server = try starting { try SoundServer() }
            try starting { try server.keepAwake() }
            soundServer = server
            environment = environment.adding(["PULSE_SERVER": server.address])
        case .none:
            soundServer = nil
            environment = environment.adding(
                ["PULSE_SERVER": "unix:" + scratch.appendingPathComponent("no-sound-server").path])
        }
        if configuration.accessibility {
            let bus = try starting { try SessionBus() }
            sessionBus = bus
            environment = environment.adding(["DBUS_SESSION_BUS_ADDRESS": bus.address])
                .removing("GTK_A11Y", "NO_AT_BRIDGE")
        } else {
            sessionBus = nil
            // No session bus: without these GTK would complain that it cannot reach the accessibility bus.
            environment = environment.adding(["GTK_A11Y": "none", "NO_AT_BRIDGE": "1"])
        }

        let lines = Locked(EventLines())
        self.lines = lines
        app = try starting {
            try ChildProcess(
                BuiltExecutables.path(of: configuration.executable), configuration.arguments,
                environment: environment,
                output: .stream { data in
                    let now = Date().timeIntervalSince1970
                    lines.withLock { $0.take(data, at: now) }
                },
                errors: .capture)
        }
        do {
            if configuration.waitsForReady { try waitFor("ready", timeout: configuration.readyTimeout) }
            // Only once the window is viewable does it take input: a press sent before would be lost (seen under
            // load as a first hold that never landed).
            windowID =
                try screen.xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(configuration.windowTitle)$"])
                .split(separator: "\n").first.map(String.init) ?? ""
        } catch {
            stop(checking: false)
            throw error
        }
    }

    deinit { stop() }

    /// Ends the app (SIGTERM, then SIGKILL after the grace), reads its output to the end and, with `checking`,
    /// expects a quiet standard error and nothing but events on standard output (see the type's comment); then ends
    /// the bus, the servers and the window manager, and removes the scratch directory if it was to. Idempotent.
    public func stop(checking: Bool = true) {
        guard
            !stopped.withLock({ stopped in
                defer { stopped = true }
                return stopped
            })
        else { return }
        app.end(grace: endGrace)
        app.readToTheEnd()
        if checking {
            #expect(gtkWarnings.isEmpty, "GTK/GLib complained: \(gtkWarnings)")
            let output = lines.withLock { lines in
                lines.finish()
                return lines
            }
            output.expectOnlyEvents()
        }
        sessionBus?.stop()
        soundServer?.shutdown()
        windowManager?.stop()
        screen.stop()
        if removesScratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// Kills the app at once (SIGKILL), as a crash would; `stop(checking: false)` then ends the rest.
    public func killApp() { app.kill() }

    /// Whether the app still runs.
    public var appIsRunning: Bool { app.isRunning }
    /// The app's process id.
    public var appPID: pid_t { app.pid }

    /// The app's exit status, once it has exited by itself within `seconds`.
    public func waitForExit(seconds: Double) -> Int32? {
        guard wait(timeout: seconds, interval: 0.02, until: { !app.isRunning }) else { return nil }
        return app.termination?.status
    }

    /// The X display's number (the display is `:display`).
    public var display: Int { screen.number }

    /// The private session bus's address (with `accessibility`).
    public var busAddress: String? { sessionBus?.address }

    /// The app's streams playing into the private sound server now (`pactl list sink-inputs`, the keep-alive left
    /// out); none without a private server.
    public func playingStreams() throws -> [String] { try soundServer?.playingStreams() ?? [] }
}
