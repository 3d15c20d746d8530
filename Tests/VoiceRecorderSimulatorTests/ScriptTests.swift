import Testing
import VoiceRecorderCore

@testable import VoiceRecorderSimulator

@Suite("Simulation scripts: reading")
struct ScriptTests {
    @Test func readsEveryCommandWithCommentsAndBlankLines() throws {
        let lines = try Script.parse(
            """
            # a comment
            0.00 down 0 0        # lands
            0.40 move -40 0
            1.20 up

            1.30 cancel-touch
            2.00 start
            2.1 press
            2.2 release
            2.3 lock
            2.4 send
            2.5 cancel
            3.00 interrupt route-lost
            3.50 access granted
            4.00 key space-down
            4.10 activate
            4.20 state
            9.00 end
            """)
        #expect(
            lines.map(\.command) == [
                .down(.zero), .move(Point(x: -40, y: 0)), .up, .cancelTouch, .start, .press, .release, .lock, .send,
                .cancel, .interrupt(.routeLost), .access(granted: true), .key(.spaceDown), .activate, .state, .end,
            ])
        #expect(lines[0].lineNumber == 2)
        #expect(lines.last?.time == 9)
    }

    static let malformed: [(script: String, line: Int, fragment: String)] = [
        ("0 down 0 0\n1 jump", 2, "unknown command 'jump'"),
        ("0 down 0", 1, "two numbers"),
        ("0 down a b", 1, "two numbers"),
        ("x down 0 0", 1, "expected a time"),
        ("-1 start", 1, "expected a time"),
        ("2 start\n1 send", 2, "goes back"),
        ("0 interrupt meteor", 1, "unknown interruption 'meteor'"),
        ("0 access maybe", 1, "unknown access answer"),
        ("0 key tab", 1, "unknown key 'tab'"),
        ("0 up now", 1, "takes no arguments"),
        ("0\n", 1, "expected a command"),
        ("1 end\n2 start", 2, "nothing may follow"),
        ("nan start", 1, "expected a time"),
    ]

    @Test(arguments: malformed)
    func malformedScriptsNameTheLine(_ input: (script: String, line: Int, fragment: String)) {
        #expect {
            try Script.parse(input.script)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.lineNumber == input.line && error.message.contains(input.fragment)
        }
    }
}
