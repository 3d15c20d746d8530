import Foundation

/// A private D-Bus session bus (the bus `dbus-run-session` would give a program), for a program whose accessible
/// tree is read over AT-SPI: GTK publishes it only with a session bus to find the accessibility bus on. `stop()`
/// (also run on deinit) ends it.
public final class SessionBus: Sendable {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let daemon: ChildProcess
    /// The runtime directory of the bus and of what it starts.
    private let runtime: ScratchDirectory

    /// Starts the bus and waits (up to `timeout` seconds) until it says its address. `environment` is added to the
    /// daemon's, which the services it starts (D-Bus activation) inherit: `XDG_DATA_DIRS` to find their service
    /// files, `XDG_DATA_HOME` for their data.
    public init(timeout: Double = 10, environment: [String: String] = [:]) throws {
        // A runtime directory of its own: the accessibility bus it starts for GTK puts its socket there
        // (`at-spi/bus`), and two tests' buses sharing one would each reach the other's apps.
        runtime = try ScratchDirectory(prefix: "voicerecorder-session-bus")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        daemon = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"],
            environment: .inherited.adding(["XDG_RUNTIME_DIR": runtime.path]).adding(environment), output: .capture)
        let daemon = daemon
        guard wait(timeout: timeout, until: { daemon.capturedOutput.contains("\n") }) else {
            daemon.end()
            throw FixtureError("the session bus did not say its address within \(timeout) s")
        }
        address = daemon.capturedOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { stop() }

    /// Ends the bus. Idempotent.
    public func stop() {
        daemon.end(grace: 0.5)
        runtime.remove()
    }
}
