import Foundation
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Driving the demo as a person would: the pointer and keyboard through xdotool, the window through the window
/// manager.
extension DemoSession {
    /// Runs `executable` with `arguments` against this display (`DISPLAY` set, and `environment` added) and returns
    /// its standard output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        try ChildProcess.run(executable, arguments, environment: screen.environment.adding(environment)).stdout
    }

    /// Runs xdotool against this display and returns its output.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String { try screen.xdotool(arguments) }

    /// Minimises the window through the window manager (needs `windowManager`).
    func minimize() throws { try xdotool(["windowminimize", windowID]) }

    /// Asks the window manager to restore (and activate) the minimised window; the demo's `window` line tells when
    /// it is back.
    func restore() throws { try run("/usr/bin/wmctrl", ["-i", "-a", windowID]) }

    /// Moves the pointer to `point` in window coordinates and clicks the primary button.
    func click(x: Double, y: Double) throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(x.rounded()))", "\(Int(y.rounded()))", "click", "1"])
    }

    /// Moves the pointer to the mic and presses the primary button.
    func pressMic() throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(mic.x))", "\(Int(mic.y))", "mousedown", "1"])
    }

    /// Presses the mic and waits until the hold has started a take.
    func holdMic() throws {
        try pressMic()
        try waitFor("phase") { $0["phase"] as? String == "holding" }
    }

    /// Lifts the primary button.
    func release() throws { try xdotool(["mouseup", "1"]) }

    /// Holds the mic, slides up past the lock and lets go: a hands-free take (SPEC A.9).
    func lockHandsFree() throws {
        try holdMic()
        usleep(300_000)
        try drag(dx: 0, dy: -80)
        try waitFor("phase") { $0["phase"] as? String == "locked" }
        try release()
    }

    /// Drags the pressed pointer by (dx, dy) in `steps` even moves, like a finger.
    func drag(dx: Int, dy: Int, steps: Int = 10) throws {
        for _ in 0 ..< steps {
            try xdotool(["mousemove_relative", "--", "\(dx / steps)", "\(dy / steps)"])
            usleep(25_000)
        }
    }
}
