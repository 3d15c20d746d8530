import Foundation
import Testing
import VoiceRecorderTestSupport

/// `voicerec memos`'s command line: help everywhere, `--data-dir` before or after the command, the default library,
/// unknown ids and usage errors.
@Suite("voicerec memos: the command line")
struct MemosCommandLineTests {
    static let subcommands = [
        "list", "record", "add", "rename", "enhance", "delete", "restore", "purge", "play", "export", "check",
        "transcribe", "transcript", "search",
    ]

    @Test(arguments: subcommands)
    func everySubcommandsHelpExitsZeroAndEndsInOneNewline(_ subcommand: String) throws {
        let scratch = try ScratchDirectory()
        for flag in ["--help", "-h"] {
            let result = try Voicerec.run(["memos", subcommand, flag], temporaryDirectory: scratch.url)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("Usage: voicerec memos \(subcommand) "))
            #expect(result.stdout.hasSuffix("\n") && !result.stdout.hasSuffix("\n\n"), "ends in one newline")
            #expect(result.stdout.contains("--data-dir DIR"))
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 110 }, "fits 110 columns")
        }
        #expect((try scratch.contents()).isEmpty, "help opens no library")
    }

    @Test func theOverviewListsEverySubcommand() throws {
        let scratch = try ScratchDirectory()
        for arguments in [
            ["memos", "--help"], ["memos", "-h"], ["memos", "help"], ["memos", "--data-dir", "x", "--help"],
        ] {
            let result = try Voicerec.run(arguments, temporaryDirectory: scratch.url)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("voicerec memos: "))
            #expect(result.stdout.hasSuffix(".\n") && !result.stdout.hasSuffix("\n\n"))
            for subcommand in Self.subcommands { #expect(result.stdout.contains("\n  \(subcommand) ")) }
        }
        let top = try Voicerec.run(["--help"], temporaryDirectory: scratch.url)
        #expect(top.stdout.contains("\n  memos "), "voicerec's own overview lists memos")
    }

    @Test func theDataDirectoryGoesBeforeOrAfterTheCommand() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let data = memos.dataDirectory.path
        for arguments in [
            ["memos", "--data-dir", data, "list"], ["memos", "--data-dir=\(data)", "list"],
            ["memos", "list", "--data-dir", data], ["memos", "list", "--data-dir=\(data)"],
        ] {
            let result = try Voicerec.run(arguments, temporaryDirectory: memos.scratch.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(jsonLines(result.stdout).map { $0["id"] as? String } == [id], "\(arguments)")
        }
        let renamed = try Voicerec.run(
            ["memos", "--data-dir", data, "rename", id, "--", "--data-dir"],
            temporaryDirectory: memos.scratch.url)
        #expect(jsonLines(renamed.stdout).first?["title"] as? String == "--data-dir", "after --, a title")

        let twice = try Voicerec.run(
            ["memos", "--data-dir", data, "list", "--data-dir", data],
            temporaryDirectory: memos.scratch.url)
        #expect(twice.status == 2)
        #expect(twice.stderr.hasPrefix("voicerec memos list: --data-dir is given more than once\n"))
        let valueless = try Voicerec.run(["memos", "--data-dir"], temporaryDirectory: memos.scratch.url)
        #expect(valueless.status == 2)
        #expect(valueless.stderr.hasPrefix("voicerec memos: --data-dir needs a value (DIR)\n"))
    }

    @Test func withoutDataDirTheLibraryIsInXDGDataHome() throws {
        let scratch = try ScratchDirectory()
        let home = scratch.file("xdg")
        let recorded = try Voicerec.run(
            ["memos", "record", "--simulated", "--duration", "0.7"],
            temporaryDirectory: scratch.url, environment: .inherited.adding(["XDG_DATA_HOME": home.path]))
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let file = try #require(jsonLines(recorded.stdout).first?["file"] as? String)
        #expect(file.hasPrefix(home.path + "/voicerecorder/memos/"))
        let listed = try Voicerec.run(
            ["memos", "list"], temporaryDirectory: scratch.url,
            environment: .inherited.adding(["XDG_DATA_HOME": home.path]))
        #expect(jsonLines(listed.stdout).count == 1)
    }

    @Test(arguments: [
        ["rename", "ID", "x"], ["delete", "ID"], ["restore", "ID"], ["purge", "ID"], ["play", "ID"],
        ["export", "ID", "/nonexistent/out.m4a"],
    ])
    func anUnknownOrMalformedIDIsExitOneNoMemo(_ template: [String]) throws {
        let memos = try MemosFixture()
        _ = try memos.recordMemo(seconds: 0.7)
        for typed in [UUID().uuidString, UUID().uuidString.lowercased(), "not-an-id", "'; DROP TABLE memos; --"] {
            let arguments = template.map { $0 == "ID" ? typed : $0 }
            let result = try memos.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "voicerec memos \(template[0]): no memo \(typed)\n")
        }
        #expect(try memos.listedIDs().count == 1)
    }

    @Test(arguments: [
        (["memos"], "voicerec memos: the voice memos library"),
        (["memos", "bogus"], "voicerec memos: unknown command 'bogus'"),
        (["memos", "list", "--bogus"], "voicerec memos list: unknown option --bogus"),
        (["memos", "list", "extra"], "voicerec memos list: unexpected argument 'extra'"),
        (["memos", "rename", "ID"], "voicerec memos rename: missing TITLE (the new title)"),
        (["memos", "export", "ID"], "voicerec memos export: missing PATH (the new file)"),
        (["memos", "add"], "voicerec memos add: missing FILE (the audio files to import)"),
        (
            ["memos", "record", "--duration", "0"],
            "voicerec memos record: --duration takes a number of seconds above 0, got '0'"
        ),
        (["memos", "check", "--repair=yes"], "voicerec memos check: --repair takes no value"),
    ])
    func badUsageIsExitTwo(_ input: (arguments: [String], message: String)) throws {
        let scratch = try ScratchDirectory()
        let dataDirectory = input.arguments.count > 1 ? ["--data-dir", scratch.file("d").path] : []
        let result = try Voicerec.run(input.arguments + dataDirectory, temporaryDirectory: scratch.url)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.split(separator: "\n").first.map(String.init)?.hasPrefix(input.message) == true,
            "\(result.stderr)")
        #expect((try scratch.contents()).isEmpty, "no library was opened")
    }
}
