import Foundation
import Testing
import VoiceRecorderTestSupport

@Suite("voicerec simulate on the command line")
struct CommandLineTests {
    @Test func runsAScriptFromStandardInput() throws {
        let result = try Voicerec.run(["simulate", "-"], input: "0 down 0 0\n1.2 up\n2 end\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""event":"sent""#))
        #expect(
            result.stdout.hasSuffix(#"{"t":2,"event":"end","phase":"idle","capturesRunning":0,"filesLeft":0}"# + "\n"))
    }

    @Test func aMalformedScriptExitsTwoNamingTheLine() throws {
        let result = try Voicerec.run(["simulate", "-"], input: "0 down 0 0\n0.5 wiggle\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2: unknown command 'wiggle'"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ["simulate", "--width"], ["simulate", "--source", "tape", "-"], ["simulate"], ["frobnicate"], [],
    ])
    func badUsageExitsTwo(_ arguments: [String]) throws {
        let result = try Voicerec.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test func helpExitsZero() throws {
        let result = try Voicerec.run(["simulate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: voicerec simulate"))
    }
}
