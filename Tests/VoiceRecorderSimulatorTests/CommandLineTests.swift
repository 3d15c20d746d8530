import Foundation
import Testing

/// Runs the built `voicerec` with `arguments` and standard input `input`.
func voicerec(_ arguments: [String], input: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("voicerec")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

@Suite("voicerec simulate on the command line")
struct CommandLineTests {
    @Test func runsAScriptFromStandardInput() throws {
        let result = try voicerec(["simulate", "-"], input: "0 down 0 0\n1.2 up\n2 end\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""event":"sent""#))
        #expect(result.stdout.hasSuffix(#"{"t":2,"event":"end","phase":"idle","capturesRunning":0,"filesLeft":0}"# + "\n"))
    }

    @Test func aMalformedScriptExitsTwoNamingTheLine() throws {
        let result = try voicerec(["simulate", "-"], input: "0 down 0 0\n0.5 wiggle\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2: unknown command 'wiggle'"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [["simulate", "--width"], ["simulate", "--source", "tape", "-"], ["simulate"], ["frobnicate"], []])
    func badUsageExitsTwo(_ arguments: [String]) throws {
        let result = try voicerec(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test func helpExitsZero() throws {
        let result = try voicerec(["simulate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: voicerec simulate"))
    }
}
