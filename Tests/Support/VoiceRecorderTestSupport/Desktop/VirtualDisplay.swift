import Foundation

/// An X server of its own for one test: Xvfb on a display number the server chose itself, answering clients when
/// `init` returns. `stop()` (also run on deinit) ends it.
public final class VirtualDisplay: Sendable {
    /// The display number: the display is `:number`.
    public let number: Int
    private let server: ChildProcess

    /// Starts Xvfb with one screen of `width` × `height` at 24 bits and waits (up to `timeout` seconds) until it
    /// answers.
    ///
    /// The server picks its display (`-displayfd 1`: the first number whose lock it can take, written to its standard
    /// output once it listens). Choosing a free number here and then starting a server on it raced when suites
    /// started servers side by side: two took the same number and one failed ("Xvfb :137 did not start").
    public init(width: Int = 800, height: Int = 700, timeout: Double = 10) throws {
        server = try ChildProcess(
            "/usr/bin/Xvfb",
            [
                "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
                "-nolisten", "tcp",
            ], output: .capture, errors: .capture)
        let server = self.server
        var chosen: Int?
        var exited = false
        _ = wait(timeout: timeout, interval: 0.01) {
            chosen = Self.displayNumber(in: server.capturedOutput)
            exited = !server.isRunning
            return chosen != nil || exited
        }
        guard let chosen else {
            server.end()
            throw FixtureError(
                "Xvfb \(exited ? "exited" : "named no display within \(timeout) s"): "
                    + server.capturedErrors.suffix(1_000))
        }
        number = chosen
        // A client that cannot connect (a window manager) gives up at once: wait until the display answers.
        let environment = self.environment
        guard
            wait(
                timeout: timeout, interval: 0.02,
                until: {
                    (try? ChildProcess.run(
                        "/usr/bin/xdotool", ["getdisplaygeometry"], environment: environment,
                        timeout: 5))?.succeeded == true
                })
        else {
            server.end()
            throw FixtureError("Xvfb :\(chosen) did not answer: " + server.capturedErrors.suffix(1_000))
        }
    }

    deinit { stop() }

    /// `DISPLAY` for the display's clients.
    public var name: String { ":\(number)" }

    /// The test runner's environment with `DISPLAY` set to this display.
    public var environment: ChildProcess.Environment { .inherited.adding(["DISPLAY": name]) }

    /// Ends the server. Idempotent.
    public func stop() { server.end(grace: 0.5) }

    /// The display number in what `-displayfd` wrote: a whole line of digits (nothing until its newline has come).
    static func displayNumber(in output: String) -> Int? {
        guard let line = output.split(separator: "\n", omittingEmptySubsequences: false).first,
            output.contains("\n")
        else { return nil }
        return Int(line.trimmingCharacters(in: .whitespaces))
    }
}
