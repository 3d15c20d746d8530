import Foundation

/// Driving the app as a person would: the pointer and the keyboard through xdotool (XTEST, as a real mouse and
/// keyboard arrive), the window through the window manager, and the time a gesture takes.
extension AppSession {
    /// A point in window coordinates.
    public typealias Point = (x: Double, y: Double)

    /// How far apart a finger's moves come (seconds): a mouse or a touchpad reports about one a frame.
    public static let fingerStep = 0.025

    /// How long after it lands a press becomes a hold (SPEC A.2), and a margin for the timer that decides it.
    public static let holdDelay = 0.18
    private static let holdDelayMargin = 0.07

    /// Runs xdotool against the app's display and returns its output.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String { try screen.xdotool(arguments) }

    /// Runs `executable` with `arguments` against the app's display (`environment` added) and returns its output.
    @discardableResult
    public func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        try ChildProcess.run(executable, arguments, environment: screen.environment.adding(environment)).stdout
    }

    /// Where the app's window is on the screen (its top-left corner): for gestures that leave it, onto another app.
    public func windowOrigin() throws -> (x: Int, y: Int) {
        let lines = try xdotool(["getwindowgeometry", "--shell", windowID]).split(separator: "\n")
        func value(_ name: String) -> Int? {
            lines.first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
        }
        guard let x = value("X"), let y = value("Y") else { throw FixtureError("no window geometry: \(lines)") }
        return (x, y)
    }

    /// Moves the pointer to `point` and clicks the primary button.
    public func click(_ point: Point) throws {
        try xdotool(["mousemove", "--window", windowID] + Self.pixels(point) + ["click", "1"])
    }

    /// Moves the pointer to (`x`, `y`) and clicks the primary button.
    public func click(x: Double, y: Double) throws { try click((x, y)) }

    /// Moves the pointer to `point` without pressing.
    public func movePointer(to point: Point) throws {
        try xdotool(["mousemove", "--window", windowID] + Self.pixels(point))
    }

    /// Moves the pointer to `point` and presses the primary button (until `release()`).
    public func press(at point: Point) throws {
        try xdotool(["mousemove", "--window", windowID] + Self.pixels(point) + ["mousedown", "1"])
        lastPress.set(Date())
    }

    /// Lifts the primary button.
    public func release() throws { try xdotool(["mouseup", "1"]) }

    /// Moves the pressed pointer by (`dx`, `dy`) pixels in `steps` even moves, a finger's step apart.
    public func drag(dx: Int, dy: Int, steps: Int = 10) throws {
        for _ in 0 ..< steps {
            try xdotool(["mousemove_relative", "--", "\(dx / steps)", "\(dy / steps)"])
            letTimePass(Self.fingerStep)
        }
    }

    /// Moves the pressed pointer through `points`, a finger's step apart. Absolute moves: the X server's pointer
    /// acceleration would scale relative ones.
    public func move(through points: [Point]) throws {
        for point in points {
            try xdotool(["mousemove", "--window", windowID] + Self.pixels(point))
            letTimePass(Self.fingerStep)
        }
    }

    /// Presses keys, as xdotool names them ("Delete", "ctrl+z"), through the X server like a real keyboard.
    public func key(_ keys: String...) throws { try xdotool(["key", "--delay", "40"] + keys) }

    /// Types `text` into what has the focus. A character the keyboard map lacks (é) is typed on its own, slowly:
    /// xdotool maps it onto a spare key just for that press, and a key pressed before the app has read the new map
    /// arrives as the key's old meaning (or none). Nothing the app prints says it has read the map, so the pause is
    /// a fixed one.
    public func type(_ text: String) throws {
        var plain = ""
        for character in text {
            if character.isASCII {
                plain.append(character)
                continue
            }
            if !plain.isEmpty { try xdotool(["type", "--delay", "30", plain]) }
            plain = ""
            try xdotool(["type", "--delay", "150", String(character)])
            letTimePass(0.15)
        }
        if !plain.isEmpty { try xdotool(["type", "--delay", "30", plain]) }
    }

    /// Minimises the window through the window manager (needs `windowManager`).
    public func minimize() throws { try xdotool(["windowminimize", windowID]) }

    /// Asks the window manager to restore (and activate) the minimised window.
    public func restore() throws { try run("/usr/bin/wmctrl", ["-i", "-a", windowID]) }

    /// Lets `seconds` of wall time pass (the test support's `letTimePass`): how long a press is held when its length
    /// is what is checked, a tap, a finger's rest between moves, a listen. No line can stand in for time a person
    /// spends; anything the app does in answer is waited for with `waitFor`, and a take long enough with
    /// `waitUntilRecorded`.
    public func letTimePass(_ seconds: Double) { VoiceRecorderTestSupport.letTimePass(seconds) }

    /// Lets the hold delay pass since the last press: a press becomes a hold 0.18 s after it lands, by a timer in
    /// the app, and that it did *not* become one has no line. Before checking that a short press recorded nothing,
    /// this makes sure that timer is due; the later line the check then waits for is printed after it would have
    /// fired (the app runs both on one main loop).
    public func waitPastTheHoldDelay() {
        guard let pressed = lastPress.value else { return }
        letTimePass(Self.holdDelay + Self.holdDelayMargin - Date().timeIntervalSince(pressed))
    }

    /// The app's window as it is on screen now.
    public func screenshot() throws -> Screenshot { try screen.screenshot(of: windowID) }

    /// Saves the app's window (or the whole screen: `window: "root"`) as an image at `path`, its format chosen by the
    /// extension.
    public func savePicture(to path: String, window: String? = nil) throws {
        try screen.save(window ?? windowID, to: path)
    }

    /// A point as xdotool's whole pixels.
    static func pixels(_ point: Point) -> [String] { ["\(Int(point.x.rounded()))", "\(Int(point.y.rounded()))"] }
}
