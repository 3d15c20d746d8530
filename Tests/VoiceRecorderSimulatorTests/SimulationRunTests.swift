import Foundation
import Testing

@testable import VoiceRecorderSimulator

/// Runs a script in-process with the options `configure` sets, and returns its lines decoded.
func simulate(_ script: String, _ configure: (inout SimulationOptions) -> Void = { _ in }) throws -> [[String: Any]] {
    var options = SimulationOptions()
    configure(&options)
    var lines: [String] = []
    SimulationRunner(options: options) { lines.append($0) }.run(try Script.parse(script))
    return try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
}

extension Array where Element == [String: Any] {
    func events(_ name: String) -> [[String: Any]] { filter { $0["event"] as? String == name } }
    var names: [String] { compactMap { $0["event"] as? String } }
}

@Suite("voicerec simulate reproduces the SPEC's numbers")
struct SimulationRunTests {
    @Test func aHoldOfATenthIsATapWithTheHoldHint() throws {
        let out = try simulate("0 down 0 0\n0.1 up\n1 end")
        #expect(out.events("phase").isEmpty)
        #expect(out.events("hint").first?["hint"] as? String == "hold")
        #expect(out.events("hint").first?["text"] as? String == "Hold to record, release to send")
        #expect(out.events("feedback").map { $0["kind"] as? String } == ["soft"])
    }

    @Test func pointOneEightSecondsOfStillnessStartsATake() throws {
        let out = try simulate("0 down 0 0\n0.179 state\n0.18 state\n1 end")
        let states = out.events("state")
        #expect(states[0]["phase"] as? String == "idle")
        #expect(states[1]["phase"] as? String == "holding")
        #expect(out.events("phase").first?["t"] as? Double == 0.18)
        #expect(out.events("feedback").first?["kind"] as? String == "medium")
    }

    @Test func oneHundredTenPointsArmTheBinAtWidth390() throws {
        let out = try simulate("0 down 0 0\n0.3 move -109 0\n0.31 state\n0.4 move -110 0\n0.41 state\n1 end")
        let states = out.events("state")
        #expect(states[0]["armed"] as? Bool == false)
        #expect(states[1]["armed"] as? Bool == true)
        #expect(out.events("feedback").map { $0["kind"] as? String } == ["medium", "selection"])
        #expect(out.last?["event"] as? String == "end")
    }

    @Test func onePointSevenReachesDiscardBeforeTheLift() throws {
        let out = try simulate("0 down 0 0\n0.3 move -150 0\n0.5 move -187 0\n0.6 up\n2 end")
        let cancelled = try #require(out.events("cancelled").first)
        #expect(cancelled["t"] as? Double == 0.5)
        #expect(cancelled["reason"] as? String == "cancelled")
        #expect(out.events("end").first?["filesLeft"] as? Int == 0)
    }

    @Test func fiftySixPointsUpLock() throws {
        let out = try simulate("0 down 0 0\n0.3 move 0 -55\n0.35 state\n0.4 move 0 -56\n0.5 up\n1 state\n2 end")
        #expect(out.events("state")[0]["phase"] as? String == "holding")
        #expect(out.events("state")[1]["phase"] as? String == "locked")
        #expect(out.events("feedback").map { $0["kind"] as? String } == ["medium", "rigid"])
        #expect(out.events("end").first?["capturesRunning"] as? Int == 1)
    }

    @Test func theCountdownStartsTenSecondsBeforeTheMaximum() throws {
        let out = try simulate("0 start\n4.99 state\n5.0 state\n5.5 state\n16 end") { $0.maximum = 15 }
        let states = out.events("state")
        #expect(states[0]["countdown"] as? Bool == false)
        #expect(states[1]["countdown"] as? Bool == true)
        #expect(states[1]["clock"] as? String == "0:10")
        #expect(states[2]["clock"] as? String == "0:10", "9.5 s left rounds up")
        #expect(states[2]["capsuleValue"] as? String == "10 seconds left")
        let sent = try #require(out.events("sent").first)
        #expect(sent["atMaximum"] as? Bool == true)
        #expect(abs((sent["t"] as? Double ?? 0) - 15) < 0.04)
    }

    @Test(arguments: [(1.0, 20), (4.0, 80), (8.0, 160), (20.0, 160)])
    func samplesAreTwentyASecondUpToOneHundredSixty(_ input: (seconds: Double, count: Int)) throws {
        let out = try simulate("0 start\n\(input.seconds) send\n\(input.seconds + 1) end")
        let sent = try #require(out.events("sent").first)
        #expect((sent["samples"] as? [Double])?.count == input.count)
        #expect(abs((sent["duration"] as? Double ?? 0) - input.seconds) < 0.001)
    }

    @Test func rightToLeftDiscardsTowardTheRight() throws {
        let out = try simulate("0 down 0 0\n0.3 move 120 0\n0.4 up\n1 end") { $0.rightToLeft = true }
        #expect(out.events("cancelled").count == 1)
        let ltr = try simulate("0 down 0 0\n0.3 move 120 0\n0.4 up\n1 end")
        #expect(ltr.events("sent").count == 0 && ltr.events("cancelled").isEmpty && ltr.events("tooShort").count == 1)
    }

    @Test func accessIsAskedOnceAndItsAnswerShowsTheHint() throws {
        let out = try simulate(
            "0 down 0 0\n0.3 up\n0.4 down 0 0\n0.7 up\n1 access denied\n2 down 0 0\n2.3 up\n3 end",
            {
                $0.source = .microphone
                $0.access = .undetermined
            })
        #expect(out.events("accessRequested").count == 1)
        #expect(out.events("hint").map { $0["hint"] as? String } == ["accessOff", "accessOff"])
        #expect(out.events("announce").first?["text"] as? String == "Microphone access is off, Settings")
        #expect(out.events("phase").isEmpty)
    }

    @Test func undeclaredNeverAsks() throws {
        let out = try simulate("0 down 0 0\n0.3 up\n1 end") {
            $0.source = .microphone
            $0.access = .undeclared
        }
        #expect(out.events("accessRequested").isEmpty)
        #expect(out.events("hint").first?["hint"] as? String == "accessOff")
        #expect(out.events("debugReminder").count == 1)
    }

    @Test func aSlowStartAndARelease() throws {
        let out = try simulate("0 down 0 0\n0.5 up\n2 end") { $0.audioStartDelay = 1 }
        #expect(out.events("tooShort").count == 1)
        #expect(out.events("end").first?["capturesRunning"] as? Int == 0)
        #expect(out.events("end").first?["filesLeft"] as? Int == 0)
    }

    @Test func aFailedStartSaysRecordingStopped() throws {
        let out = try simulate("0 start\n1 end") { $0.audioStartFails = true }
        #expect(out.events("cancelled").first?["reason"] as? String == "interrupted")
        #expect(out.events("hint").first?["hint"] as? String == "stopped")
    }

    @Test func interruptionsFollowThePolicy() throws {
        let held = try simulate("0 down 0 0\n1 interrupt call\n2 end")
        #expect(held.events("cancelled").first?["reason"] as? String == "interrupted")
        let handsFree = try simulate("0 start\n3 interrupt route-lost\n3.5 state\n4 key return\n5 end")
        #expect(handsFree.events("state").first?["phase"] as? String == "stopped")
        #expect(handsFree.events("state").first?["clock"] as? String == "0:03")
        #expect(abs((handsFree.events("sent").first?["duration"] as? Double ?? 0) - 3) < 0.021)
    }

    @Test func theScreenReaderHintAndActivation() throws {
        let out = try simulate("0 state\n0.5 activate\n1 state\n3 activate\n4 end") { $0.screenReader = true }
        #expect(
            out.events("state")[0]["micHint"] as? String
                == "Starts recording at once. Double tap Send when you are done.")
        #expect(out.events("announce").first?["text"] as? String == "Recording")
        #expect(out.events("state")[1]["micLabel"] as? String == "Send")
        #expect(out.events("sent").count == 1)
    }

    @Test func everyLineHasTimeAndEventAndTheSummaryIsLast() throws {
        let out = try simulate("0 down 0 0\n1.2 up\n2 end")
        for line in out { #expect(line["t"] is Double && line["event"] is String) }
        #expect(out.last?["event"] as? String == "end")
        #expect(out.last?["phase"] as? String == "idle")
    }
}
