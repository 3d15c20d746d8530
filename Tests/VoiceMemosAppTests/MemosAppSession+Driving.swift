import Foundation
import Testing
import VoiceRecorderFFmpeg
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

    /// Waits until the take being recorded holds at least `seconds` on disk (its file in the library's takes, read
    /// back as it is written): a take long enough for what comes next, however late the recording started. Throws
    /// when it does not get there within `timeout` seconds.
    func waitUntilRecorded(_ seconds: Double, timeout: Double = 10) throws {
        let takes = dataDirectory.appendingPathComponent("takes")
        let recorded = TakeOnDisk.waitUntilRecorded(seconds, in: takes, timeout: timeout) { file in
            (try? AudioFileReader.decode(file) { _ in }).map { Double($0.frames) / 24_000 }
        }
        if !recorded { throw Failure.timedOut("a take of \(seconds) s in \(takes.path)") }
    }

    /// Holds the mic for `seconds` of wall time (a memo of that length less the 0.18 s the press takes to become a
    /// hold) and lets go; returns the `memoAdded` line of the memo it made, once its row is
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
