import Foundation
import Testing
import VoiceRecorderCore

@testable import VoiceRecorderSimulator

/// `voicerec simulate --preview` (SPEC D): the pause, resume, play, pause-playback, seek and trim commands, the
/// state line's playhead and kept range, and trimmed takes sent holding only their kept range.
@Suite("voicerec simulate --preview")
struct PreviewScriptTests {
    /// Runs `script` with preview on.
    func preview(_ script: String) throws -> [[String: Any]] { try simulate(script) { $0.preview = true } }

    func kept(_ line: [String: Any]?, _ key: String = "keptRange") -> (start: Double, end: Double)? {
        guard let range = line?[key] as? [String: Any], let start = range["start"] as? Double,
            let end = range["end"] as? Double
        else { return nil }
        return (start, end)
    }

    @Test func readsThePreviewCommands() throws {
        let lines = try Script.parse(
            "0 start\n1 pause\n1.1 play\n1.2 pause-playback\n1.3 seek 0.5\n1.4 trim 0.25 0.75\n1.5 resume\n2 end")
        #expect(
            lines.map(\.command) == [
                .start, .pause, .play, .pausePlayback, .seek(0.5), .trim(start: 0.25, end: 0.75), .resume, .end,
            ])
        #expect(lines.filter(\.command.needsPreview).count == 6)
    }

    static let malformed: [(script: String, line: Int, fragment: String)] = [
        ("0 start\n1 seek", 2, "'seek' takes one time in seconds (S), got none"),
        ("0 seek soon", 1, "'seek' takes one time in seconds (S), got 'soon'"),
        ("0 seek -1", 1, "'seek' takes one time in seconds (S), got '-1'"),
        ("0 seek inf", 1, "'seek' takes one time in seconds"),
        ("0 seek 1 2", 1, "'seek' takes one time in seconds (S), got '1 2'"),
        ("0 trim 1", 1, "'trim' takes two times in seconds (A B), got '1'"),
        ("0 trim a 2", 1, "'trim' takes two times in seconds (A B), got 'a 2'"),
        ("0 trim 2 1", 1, "A must come before B, got '2 1'"),
        ("0 trim 1 1", 1, "A must come before B"),
        ("0 pause now", 1, "'pause' takes no arguments, got 'now'"),
        ("0 resume 1", 1, "'resume' takes no arguments"),
        ("0 play loud", 1, "'play' takes no arguments"),
        ("0 pause-playback x", 1, "'pause-playback' takes no arguments"),
        ("0 pausee", 1, "unknown command 'pausee'; commands: "),
    ]

    @Test(arguments: malformed)
    func malformedPreviewLinesNameTheLineInOneLine(_ input: (script: String, line: Int, fragment: String)) {
        #expect {
            try Script.parse(input.script)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.lineNumber == input.line && error.message.contains(input.fragment)
                && !"\(error)".contains("\n")
        }
    }

    @Test func theUnknownCommandMessageListsThePreviewCommands() {
        #expect {
            try Script.parse("0 wiggle")
        } throws: { error in
            "\(error)".contains("pause, resume, play, pause-playback, seek, trim, state, end")
        }
    }

    @Test func previewCommandsNeedPreview() throws {
        let lines = try Script.parse("0 start\n1 state\n2 trim 0 1\n3 pause")
        #expect {
            try Script.checkPreview(lines, preview: false)
        } throws: { error in
            "\(error)" == "line 3: 'trim' needs --preview"
        }
        try Script.checkPreview(lines, preview: true)
        try Script.checkPreview(try Script.parse("0 start\n1 send"), preview: false)
    }

    @Test func withoutPreviewTheStateLineIsAsBefore() throws {
        let out = try simulate("0 start\n1 state\n2 end")
        let state = try #require(out.events("state").first)
        #expect(state["playhead"] == nil && state["keptRange"] == nil)
        #expect(state.count == 15, "t, event and the 13 fields of A")
    }

    @Test func pausingStopsCaptureAndTheStateShowsThePlayheadAndTheWholeTake() throws {
        let out = try preview("0 start\n1 state\n3 pause\n3.1 state\n5 state\n6 end")
        let states = out.events("state")
        #expect(states[0]["phase"] as? String == "locked")
        #expect(states[0]["playhead"] is NSNull && states[0]["keptRange"] is NSNull)
        #expect(states[1]["phase"] as? String == "paused")
        #expect(states[1]["playhead"] as? Double == 0)
        let range = try #require(kept(states[1]))
        #expect(range.start == 0 && abs(range.end - 3) < 0.03)
        #expect(states[2]["elapsed"] as? Double == states[1]["elapsed"] as? Double, "paused: the clock stands still")
        let end = try #require(out.events("end").first)
        #expect(end["phase"] as? String == "paused")
        #expect(end["capturesRunning"] as? Int == 0)
        #expect(end["filesLeft"] as? Int == 0)
    }

    @Test func playMovesThePlayheadAndTheEndPutsItBackAtTheKeptStart() throws {
        let out = try preview("0 start\n2 pause\n2.1 trim 0.5 1.5\n2.2 play\n2.7 state\n4 state\n5 end")
        #expect(out.events("listening").map { $0["listening"] as? Bool } == [true, false])
        let states = out.events("state")
        let playing = try #require(states[0]["playhead"] as? Double)
        #expect(abs(playing - 1.0) < 0.04, "0.5 s after playing from 0.5: \(playing)")
        #expect(states[1]["playhead"] as? Double == 0.5)
        let ended = try #require(out.events("listening").last?["t"] as? Double)
        #expect(abs(ended - 3.2) < 0.04, "one second of kept range heard: ended at \(ended)")
    }

    @Test func pausePlaybackAndSeekMoveThePlayheadWhereTheySay() throws {
        let out = try preview(
            "0 start\n3 pause\n3.1 play\n3.6 pause-playback\n4 state\n4.1 seek 2.25\n4.2 state\n5 end")
        let states = out.events("state")
        let stopped = try #require(states[0]["playhead"] as? Double)
        #expect(abs(stopped - 0.5) < 0.04)
        #expect(states[1]["playhead"] as? Double == 2.25)
        #expect(out.events("listening").map { $0["listening"] as? Bool } == [true, false])
    }

    @Test func trimSetsTheKeptRangeAndKeepsThePlayheadInside() throws {
        let out = try preview("0 start\n4 pause\n4.1 seek 0.2\n4.2 trim 1 3\n4.3 state\n5 end")
        let state = try #require(out.events("state").first)
        let range = try #require(kept(state))
        #expect(range == (1, 3))
        #expect(state["playhead"] as? Double == 1)
    }

    @Test func resumingRecordsOnAndPausingAgainKeepsTheWholeTake() throws {
        let out = try preview("0 start\n2 pause\n2.1 trim 0.5 1\n3 resume\n3.1 state\n5 pause\n5.1 state\n6 end")
        let states = out.events("state")
        #expect(states[0]["phase"] as? String == "locked")
        #expect(states[0]["keptRange"] is NSNull)
        let range = try #require(kept(states[1]))
        #expect(range.start == 0 && abs(range.end - 4) < 0.03, "2 s, then 2 more: \(range)")
    }

    @Test func aPausedTakeTrimmedAndSentHoldsOnlyItsKeptRange() throws {
        let out = try preview("0 start\n3 pause\n3.5 resume\n5.5 pause\n5.6 trim 1.25 3.75\n6 send\n7 end")
        let sent = try #require(out.events("sent").first)
        // A cut file plays from the first AAC frame boundary (every 1,024 frames) in the range: 1.25 s is frame
        // 30,000, so it plays from frame 30,720, 1.28 s (SPEC D.5: one frame of pre-roll at most).
        let range = try #require(kept(sent, "kept"))
        #expect(range == (1.28, 3.75))
        let duration = try #require(sent["duration"] as? Double)
        #expect(abs(duration - 2.47) < 1.0 / 24_000, "the sent duration is what it plays: \(duration)")
        #expect((sent["samples"] as? [Double])?.count == 50, "the 50 ms windows of what it plays (49 and a part)")
        #expect(out.events("end").first?["filesLeft"] as? Int == 0)
        #expect(out.events("end").first?["phase"] as? String == "idle")
    }

    @Test func aTakeSentWhileRecordingIsWholeAndSaysNothingOfKeeping() throws {
        let out = try preview("0 start\n2 pause\n2.1 trim 0.5 1\n2.5 resume\n3.5 send\n4 end")
        let sent = try #require(out.events("sent").first)
        #expect(sent["kept"] == nil)
        #expect(abs((sent["duration"] as? Double ?? 0) - 3) < 0.03)
    }

    @Test func aDeletedPausedTakeLeavesNoFile() throws {
        let out = try preview("0 start\n2 pause\n2.5 cancel\n3 end")
        #expect(out.events("cancelled").first?["reason"] as? String == "cancelled")
        #expect(out.events("end").first?["filesLeft"] as? Int == 0)
    }

    @Test func theExampleScriptRunsAndSendsItsKeptRange() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/pause-trim-send.script")
        let out = try preview(try String(contentsOf: url, encoding: .utf8))
        let sent = try #require(out.events("sent").first)
        // From the first AAC frame boundary at or after 1 s (frame 24,576).
        #expect(kept(sent, "kept")! == (1.024, 4))
        #expect(abs((sent["duration"] as? Double ?? 0) - 2.976) < 1.0 / 24_000)
        #expect(out.events("end").first?["filesLeft"] as? Int == 0)
    }
}
