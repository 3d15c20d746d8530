import Foundation
import Testing
import VoiceRecorderTestSupport

/// Every `voicerec` command's `--help` and its usage errors, through the real process.
@Suite("voicerec help and usage")
struct HelpAndUsageTests {
    static let commands = ["record", "info", "play", "recover", "devices", "simulate"]

    @Test(arguments: commands)
    func helpEndsInExactlyOneNewlineAndExitsZero(_ command: String) throws {
        let scratch = try ScratchDirectory()
        for flag in ["--help", "-h"] {
            let result = try Voicerec.run([command, flag], temporaryDirectory: scratch.url)
            #expect(result.status == 0, "\(command) \(flag)")
            #expect(result.stdout.hasPrefix("Usage: voicerec \(command)"))
            #expect(
                result.stdout.hasSuffix("\n") && !result.stdout.hasSuffix("\n\n"),
                "\(command) \(flag) ends in one newline")
            #expect(result.stderr.isEmpty)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= 110 }, "\(command)'s help fits 110 columns")
        }
    }

    @Test func theOverviewListsEveryCommand() throws {
        let scratch = try ScratchDirectory()
        for flag in ["--help", "-h", "help"] {
            let result = try Voicerec.run([flag], temporaryDirectory: scratch.url)
            #expect(result.status == 0)
            #expect(result.stdout.hasSuffix(".\n") && !result.stdout.hasSuffix("\n\n"))
            for command in Self.commands { #expect(result.stdout.contains("\n  \(command) ")) }
        }
    }

    @Test(arguments: commands)
    func anUnknownOptionIsOneLineNamingTheCommandThenAPointerToHelp(_ command: String) throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run([command, "--bogus"], temporaryDirectory: scratch.url)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "voicerec \(command): unknown option --bogus\n\nRun 'voicerec \(command) --help' for usage.\n")
    }

    @Test(arguments: [
        (["record", "--duration", "0"], "voicerec record: --duration takes a number of seconds above 0, got '0'"),
        (["record", "--max"], "voicerec record: --max needs a value (S)"),
        (["record", "--max", "2", "--max", "3"], "voicerec record: --max is given more than once"),
        (["record", "--simulated", "--device", "x"], "voicerec record: --device and --simulated don't go together"),
        (["info"], "voicerec info: missing PATH (the audio file: an .m4a, an Ogg Opus .ogg, or anything FFmpeg reads)"),
        (["play", "a", "b"], "voicerec play: unexpected argument 'b'"),
        (["recover", "a", "b"], "voicerec recover: unexpected argument 'b'"),
        (["devices", "x"], "voicerec devices: unexpected argument 'x'"),
        (
            ["simulate", "--access", "maybe", "-"],
            "voicerec simulate: --access is granted, denied, undetermined or undeclared, got 'maybe'"
        ),
        (["simulate", "--rtl=yes", "-"], "voicerec simulate: --rtl takes no value"),
    ])
    func usageErrorsSayWhatIsWrong(_ input: (arguments: [String], message: String)) throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(input.arguments, temporaryDirectory: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == input.message)
    }

    @Test func anOutputThatExistsIsRefusedBeforeRecording() throws {
        let scratch = try ScratchDirectory()
        try Data("keep me".utf8).write(to: scratch.file("taken.m4a"))
        let result = try Voicerec.run(
            ["record", "--simulated", "--output", scratch.file("taken.m4a").path],
            temporaryDirectory: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("voicerec record: \(scratch.file("taken.m4a").path) already exists"))
        #expect(try Data(contentsOf: scratch.file("taken.m4a")) == Data("keep me".utf8))
    }

    @Test func optionsMayBeWrittenWithAnEqualsSign() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(
            ["simulate", "--max=12", "-"], temporaryDirectory: scratch.url,
            input: "0 start\n13 end\n")
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try #require(
            result.stdout.split(separator: "\n").compactMap { jsonObject(String($0)) }
                .first { $0["event"] as? String == "sent" })
        #expect(sent["t"] as? Double == 12)
        #expect(sent["atMaximum"] as? Bool == true)
    }

    @Test(arguments: ["info", "play", "recover"])
    func verboseIsUnderstoodByTheFileCommands(_ command: String) throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(
            [command, "--verbose", scratch.file("missing.m4a").path],
            temporaryDirectory: scratch.url)
        #expect(result.status == 1, "understood, and the file is missing: \(result.stderr)")
        #expect(result.stderr.contains("missing.m4a"))
    }

    @Test func recordUnderstandsVerbose() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(
            ["record", "--simulated", "--duration", "0.7", "--verbose"],
            temporaryDirectory: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((jsonObject(result.stdout)?["duration"] as? Double ?? 0) > 0.5, "a take was sent")
    }
}
