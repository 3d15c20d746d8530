import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Driving the app as a person would: the pointer and keyboard through xdotool, and where its parts are.
extension MemosAppSession {
    /// Runs xdotool against the app's display and returns its output.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String { try screen.xdotool(arguments) }

    /// Moves the pointer to (`x`, `y`) in window coordinates and clicks.
    func click(_ point: (x: Double, y: Double)) throws {
        try xdotool([
            "mousemove", "--window", windowID, "\(Int(point.x.rounded()))", "\(Int(point.y.rounded()))",
            "click", "1",
        ])
    }

    /// Presses keys, as xdotool names them ("Delete", "ctrl+z").
    func key(_ keys: String...) throws { try xdotool(["key", "--delay", "40"] + keys) }

    /// Types `text` into what has the focus. A character the keyboard map lacks (é) is typed on its own, slowly:
    /// xdotool maps it onto a spare key just for that press, and a key pressed before the app has read the new map
    /// arrives as the key's old meaning (or none).
    func type(_ text: String) throws {
        var plain = ""
        for character in text {
            if character.isASCII {
                plain.append(character)
                continue
            }
            if !plain.isEmpty { try xdotool(["type", "--delay", "30", plain]) }
            plain = ""
            try xdotool(["type", "--delay", "150", String(character)])
            usleep(150_000)
        }
        if !plain.isEmpty { try xdotool(["type", "--delay", "30", plain]) }
    }

    /// Presses the mic and waits until the hold has started a take.
    func holdMic() throws {
        let since = count
        let mic = try #require(events("ready").first?["mic"] as? [String: Double])
        try xdotool(["mousemove", "--window", windowID, "\(Int(mic["x"]!))", "\(Int(mic["y"]!))", "mousedown", "1"])
        try waitFor("phase", since: since) { $0["phase"] as? String == "holding" }
    }

    /// Holds the mic for `seconds` and lets go; returns the `memoAdded` line of the memo it made, once its row is
    /// laid out (the rows it moved are reported in the same frame).
    @discardableResult
    func record(seconds: Double) throws -> [String: Any] {
        let since = count
        try holdMic()
        usleep(useconds_t(seconds * 1_000_000))
        try xdotool(["mouseup", "1"])
        let added = try waitFor("memoAdded", since: since)
        try waitFor("row", since: since) { $0["id"] as? String == added["id"] as? String }
        return added
    }

    /// The latest `row` line of memo `id` in `list`, once there is one (after `since`); also called only to wait for
    /// the row to be shown.
    @discardableResult
    func row(_ id: String, list: String = "memos", since: Int = 0) throws -> [String: Any] {
        try waitFor("row", since: since) { $0["id"] as? String == id && $0["list"] as? String == list }
        return events("row").last { $0["id"] as? String == id && $0["list"] as? String == list }!
    }

    /// A point of a `row` line ("play", "title", …) as (x, y).
    static func point(_ row: [String: Any], _ name: String) throws -> (x: Double, y: Double) {
        let point = try #require(row[name] as? [String: Double], "no \(name) in \(row)")
        return (point["x"]!, point["y"]!)
    }

    /// The centre of a header button of the latest `view` line ("recentlyDeleted", "back", "search").
    func button(_ name: String) throws -> (x: Double, y: Double) {
        let view = try #require(events("view").last)
        return try Self.point(try #require(view["buttons"] as? [String: Any]), name)
    }

    /// The app's window as it is on screen now.
    func screenshot() throws -> Screenshot { try screen.screenshot(of: windowID) }

    /// Saves the app's window (or the whole screen: `window: "root"`) as a PNG at `path`, for the README.
    func savePicture(to path: String, window: String? = nil) throws { try screen.save(window ?? windowID, to: path) }
}
