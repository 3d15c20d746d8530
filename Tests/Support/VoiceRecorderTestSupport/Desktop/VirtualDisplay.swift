import Foundation
import Glibc

/// An X server of its own for one test: Xvfb on a display number no other server holds, answering clients when
/// `init` returns. `stop()` (also run on deinit) ends it.
public final class VirtualDisplay: Sendable {
    /// The display number: the display is `:number`.
    public let number: Int
    private let server: ChildProcess

    /// Starts Xvfb with one screen of `width` × `height` at 24 bits and waits (up to `timeout` seconds) until it
    /// answers.
    public init(width: Int = 800, height: Int = 700, timeout: Double = 10) throws {
        number = try Self.freeDisplayNumber()
        server = try ChildProcess(
            "/usr/bin/Xvfb",
            [
                ":\(number)", "-screen", "0", "\(width)x\(height)x24",
                "-nolisten", "tcp",
            ])
        // The server's socket appears a moment before it accepts clients, and a client that cannot connect (a
        // window manager) gives up at once: wait until the display answers.
        let socket = "/tmp/.X11-unix/X\(number)"
        let environment = self.environment
        guard
            wait(
                timeout: timeout, interval: 0.02,
                until: {
                    FileManager.default.fileExists(atPath: socket)
                        && (try? ChildProcess.run(
                            "/usr/bin/xdotool", ["getdisplaygeometry"], environment: environment,
                            timeout: 5))?.succeeded == true
                })
        else {
            server.end()
            throw FixtureError("Xvfb :\(number) did not start")
        }
    }

    deinit { stop() }

    /// `DISPLAY` for the display's clients.
    public var name: String { ":\(number)" }

    /// The test runner's environment with `DISPLAY` set to this display.
    public var environment: ChildProcess.Environment { .inherited.adding(["DISPLAY": name]) }

    /// Ends the server. Idempotent.
    public func stop() { server.end(grace: 0.5) }

    /// A display number no running X server holds: no lock file, or a stale one whose server has died (killed
    /// servers leave theirs behind; Xvfb replaces a stale lock and socket itself).
    static func freeDisplayNumber() throws -> Int {
        for display in (90 ..< 190).shuffled() {
            let lock = "/tmp/.X\(display)-lock"
            if let text = try? String(contentsOfFile: lock, encoding: .utf8) {
                guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
                    kill(pid, 0) != 0 && errno == ESRCH
                else { continue }
            } else if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") {
                continue
            }
            return display
        }
        throw FixtureError("no free X display number")
    }
}
