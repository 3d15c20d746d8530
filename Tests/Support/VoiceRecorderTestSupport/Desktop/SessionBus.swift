import Foundation

/// A private D-Bus session bus (the bus `dbus-run-session` would give a program), for a program whose accessible
/// tree is read over AT-SPI: GTK publishes it only with a session bus to find the accessibility bus on. `stop()`
/// (also run on deinit) ends it.
public final class SessionBus: Sendable {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let daemon: ChildProcess

    /// Starts the bus and waits (up to `timeout` seconds) until it says its address.
    public init(timeout: Double = 10) throws {
        daemon = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"],
            output: .capture)
        let daemon = daemon
        guard wait(timeout: timeout, until: { daemon.capturedOutput.contains("\n") }) else {
            daemon.end()
            throw FixtureError("the session bus did not say its address within \(timeout) s")
        }
        address = daemon.capturedOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { stop() }

    /// Ends the bus. Idempotent.
    public func stop() { daemon.end(grace: 0.5) }
}
