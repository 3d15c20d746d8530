import Foundation
import Testing
import VoiceRecorderSimulator

/// `key return` in a script is Return on the focused mic, exactly as the GTK widget forwards it: at rest it starts a
/// hands-free take, hands-free it sends (SPEC A.14, C).
@Suite("voicerec simulate: Return on the focused mic")
struct ReturnKeyTests {
    /// The lines a script prints with the default options, decoded.
    private func run(_ script: String) throws -> [[String: Any]] {
        var lines: [String] = []
        SimulationRunner(options: SimulationOptions()) { lines.append($0) }.run(try Script.parse(script))
        return try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    private func named(_ name: String, in lines: [[String: Any]]) -> [[String: Any]] {
        lines.filter { $0["event"] as? String == name }
    }

    @Test("key return at rest starts a hands-free take; key return again sends it")
    func returnAtRestStartsHandsFree() throws {
        let out = try run("0.5 key return\n0.6 state\n2.5 key return\n2.6 state\n3 end")
        let states = named("state", in: out)
        #expect(states.first?["phase"] as? String == "locked", "hands-free at once: \(states)")
        #expect(named("phase", in: out).first?["t"] as? Double == 0.5)
        let sent = try #require(named("sent", in: out).first, "Return hands-free sends")
        #expect(abs((sent["duration"] as? Double ?? 0) - 2) < 0.06)
        #expect(states.last?["phase"] as? String == "idle")
    }

    @Test("key return while a finger holds the mic changes nothing: the finger's lift ends the take")
    func returnWhileHeld() throws {
        let out = try run("0 down 0 0\n0.5 key return\n0.6 state\n1.5 up\n2 end")
        #expect(named("state", in: out).first?["phase"] as? String == "holding")
        #expect(named("sent", in: out).count == 1)
        #expect((named("sent", in: out).first?["t"] as? Double).map { abs($0 - 1.5) < 0.001 } == true)
    }
}
