import Foundation
import Testing
import VoiceRecorderTestSupport

/// Driving the memos app: its mic, a memo recorded, and where its rows and header buttons are.
extension MemosAppSession {
    /// The mic's centre, from the `ready` line.
    var mic: Point {
        get throws {
            let mic = try #require(events("ready").first?["mic"] as? [String: Double], "no ready line with the mic")
            return (mic["x"]!, mic["y"]!)
        }
    }

    /// Presses the mic and waits until the hold has started a take.
    func holdMic() throws {
        let since = count
        try press(at: try mic)
        try waitFor("phase", since: since) { $0["phase"] as? String == "holding" }
    }

    /// Holds the mic for `seconds` and lets go; returns the `memoAdded` line of the memo it made, once its row is
    /// laid out (the rows it moved are reported in the same frame).
    @discardableResult
    func record(seconds: Double) throws -> [String: Any] {
        let since = count
        try holdMic()
        letTimePass(seconds)
        try release()
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

    /// A point of a `row` line ("play", "title", …).
    static func point(_ row: [String: Any], _ name: String) throws -> Point {
        let point = try #require(row[name] as? [String: Double], "no \(name) in \(row)")
        return (point["x"]!, point["y"]!)
    }

    /// The centre of a header button of the latest `view` line ("recentlyDeleted", "back", "search").
    func button(_ name: String) throws -> Point {
        let view = try #require(events("view").last)
        return try Self.point(try #require(view["buttons"] as? [String: Any]), name)
    }
}
