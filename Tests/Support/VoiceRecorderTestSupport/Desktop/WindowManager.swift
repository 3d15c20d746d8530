import Foundation

/// A window manager (Openbox) on a virtual display, so windows can be minimised and restored (bare Xvfb has none:
/// minimising there does nothing). `stop()` (also run on deinit) ends it.
public final class WindowManager: Sendable {
    private let process: Locked<ChildProcess>

    /// Starts Openbox on `display`, its home and log in `home`, and waits (up to `timeout` seconds) until it
    /// manages the display (it then answers `wmctrl -m`).
    public init(display: VirtualDisplay, home: URL, timeout: Double = 10) throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // Openbox's own settings, less the iconify animation: while it plays, the restored window is not yet where
        // it will be, and a click sent as soon as the window says it is back would land beside it.
        let configuration = home.appendingPathComponent("rc.xml")
        let settings = try String(contentsOfFile: "/etc/xdg/openbox/rc.xml", encoding: .utf8)
            .replacingOccurrences(
                of: "<animateIconify>yes</animateIconify>",
                with: "<animateIconify>no</animateIconify>")
        try settings.write(to: configuration, atomically: true, encoding: .utf8)
        let log = home.appendingPathComponent("openbox.log").path
        let environment = display.environment.adding(["HOME": home.path])
        func start() throws -> ChildProcess {
            try ChildProcess(
                "/usr/bin/openbox", ["--config-file", configuration.path], environment: environment,
                output: .file(log), errors: .file(log))
        }
        let process = Locked(try start())
        var answer = ""
        let managing = wait(timeout: timeout, interval: 0.02) {
            answer =
                (try? ChildProcess.run("/usr/bin/wmctrl", ["-m"], environment: environment, timeout: 5).stdout)
                ?? "(no answer)"
            if answer.contains("Name:") { return true }
            // Seen on a loaded machine: Openbox failing to open a display that had just answered. It gives up at
            // once then, so it is started again.
            if !process.value.isRunning, let again = try? start() { process.set(again) }
            return false
        }
        guard managing else {
            process.value.end()
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw FixtureError("timed out waiting for the window manager (wmctrl: \(answer); openbox: \(said))")
        }
        self.process = process
    }

    deinit { stop() }

    /// Ends the window manager. Idempotent.
    public func stop() { process.value.end() }
}
