import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `voicerec record` end to end: real processes, real files decoded back, real signals and limits.
@Suite("voicerec record")
struct RecordCommandTests {
    @Test func recordsThreeSimulatedSecondsIntoAnExactM4A() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(["record", "--simulated", "--duration", "3"], temporaryDirectory: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(jsonObject(result.stdout))
        let url = URL(fileURLWithPath: try #require(json["url"] as? String))
        #expect(
            url.deletingLastPathComponent().resolvingSymlinksInPath().path == scratch.url.resolvingSymlinksInPath().path
        )
        #expect(url.lastPathComponent.hasPrefix("voice-") && url.pathExtension == "m4a")
        #expect(abs((json["duration"] as? Double ?? 0) - 3) <= 0.03)
        #expect((json["samples"] as? [Double])?.count == 60)

        let info = try AudioFileReader.info(of: url)
        #expect(info.codecName == "aac")
        #expect(info.sampleRate == 24_000)
        #expect(info.channels == 1)
        let (_, frames) = try AudioFileReader.decode(url) { _ in }
        #expect(abs(Double(frames) / 24_000 - 3) <= 0.03)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try scratch.contents() == [url.lastPathComponent], "nothing else is left behind")
    }

    @Test func enterSendsAndOutputMovesTheFile() throws {
        let scratch = try ScratchDirectory()
        let destination = scratch.file("message.m4a")
        let process = try Voicerec.start(
            ["record", "--simulated", "--output", destination.path], temporaryDirectory: scratch.url)
        waitUntilRecorded(0.9, in: scratch.url, by: process)
        process.type("\n")
        let result = try process.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(jsonObject(result.stdout))
        #expect(json["url"] as? String == destination.path)
        #expect((json["duration"] as? Double ?? 0) > 0.8)
        #expect(try scratch.contents() == ["message.m4a"])
    }

    /// At a terminal, as a person runs it: keys one by one, the live line drawn on stderr, Enter sends, and the
    /// terminal is line-editing again afterwards (the process ends without its libraries' teardown, so the mode must
    /// be put back before).
    @Test func atATerminalTheLiveLineRunsEnterSendsAndTheTerminalIsPutBack() throws {
        let scratch = try ScratchDirectory()
        let pair = try PseudoTerminal()
        #expect(pair.isLineEditing)
        let process = try ChildProcess(
            Voicerec.path, ["record", "--simulated"],
            environment: ChildProcess.Environment.inherited.adding(["TMPDIR": scratch.url.path]),
            input: .file(pair.path), output: .capture, errors: .file(pair.path))
        let drawn = pair.read(until: { $0.contains("0:01") }, timeout: 10)
        #expect(drawn.contains("Enter: send · Esc: discard"), "\(drawn)")
        #expect(drawn.contains("0:00") && drawn.contains("0:01"), "the clock runs: \(drawn)")
        #expect(!pair.isLineEditing, "keys arrive one by one while recording")

        try pair.type("\r")
        let result = try process.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let duration = try #require(jsonObject(result.stdout)?["duration"] as? Double)
        #expect(duration > 0.9)
        #expect(pair.isLineEditing, "the terminal is put back as it was")
        #expect(try scratch.contents().count == 1, "the sent take, nothing else")
    }

    @Test(arguments: [("escape", SIGCONT), ("sigquit", SIGQUIT)])
    func escapeAndCtrlBackslashDiscardAndLeaveNoFile(_ input: (how: String, signal: Int32)) throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(["record", "--simulated"], temporaryDirectory: scratch.url)
        waitUntilRecorded(0.7, in: scratch.url, by: process)
        if input.how == "escape" { process.type("\u{1B}") } else { process.send(input.signal) }
        let result = try process.wait()
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Discarded"))
        #expect(try scratch.contents().isEmpty, "the discarded take's file is deleted")
    }

    /// SPEC A.4's minimum: a take sent before 0.6 s is deleted, not kept; the process says so and ends with 1, and
    /// no file is left behind (the take's file is deleted before the process ends without its teardown).
    @Test func aTakeSentBeforeTheMinimumIsDeletedAndLeavesNoFile() throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(["record", "--simulated"], temporaryDirectory: scratch.url)
        // As soon as the take has begun (its file is there), well before 0.6 s of it.
        waitUntilRecorded(0, in: scratch.url, by: process)
        process.type("\n")
        let result = try process.wait()
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Too short to keep (under 0.6 s): deleted."), "\(result.stderr)")
        #expect(try scratch.contents().isEmpty, "the too-short take's file is deleted")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func ctrlCAndTerminationSend(_ signal: Int32) throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(["record", "--simulated"], temporaryDirectory: scratch.url)
        waitUntilRecorded(1.2, in: scratch.url, by: process)
        process.send(signal)
        let result = try process.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let duration = try #require(jsonObject(result.stdout)?["duration"] as? Double)
        #expect(duration > 1.0 && duration < 2.5)
    }

    @Test func theMaximumSendsByItself() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(["record", "--simulated", "--max", "2"], temporaryDirectory: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(abs((jsonObject(result.stdout)?["duration"] as? Double ?? 0) - 2) <= 0.03)
    }

    @Test func aTakeKilledMidWayIsRecoveredUpToItsLastFragment() throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(["record", "--simulated"], temporaryDirectory: scratch.url)
        waitUntilRecorded(2.5, in: scratch.url, by: process)
        process.send(SIGKILL)
        let killed = try process.wait()
        #expect(killed.signalled)
        let left = try #require(try scratch.contents().first)
        #expect(try scratch.contents().count == 1)

        let recover = try Voicerec.run(["recover", scratch.url.path], temporaryDirectory: scratch.url)
        #expect(recover.status == 0, "\(recover.stderr)")
        let json = try #require(jsonObject(recover.stdout))
        #expect((json["url"] as? String)?.hasSuffix(left) == true)
        let duration = try #require(json["duration"] as? Double)
        // Killed once its file held 2.5 s: recovery keeps what the file held, give or take a fragment written as the
        // kill came (what was recorded after the last whole fragment is lost).
        #expect(duration >= 2.45 && duration <= 3.2, "recovered \(duration) s")

        let info = try Voicerec.run(["info", scratch.file(left).path], temporaryDirectory: scratch.url)
        #expect(info.status == 0)
        #expect(abs((jsonObject(info.stdout)?["duration"] as? Double ?? 0) - duration) < 0.001)

        let again = try Voicerec.run(["recover", scratch.url.path], temporaryDirectory: scratch.url)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty, "a finished take is never recovered twice")
    }

    @Test func aFileSizeLimitStopsTheTakeWithAClearErrorAndKeepsAValidFile() throws {
        let scratch = try ScratchDirectory()
        // 40 blocks of 1 KiB: about 6 s of audio at 48 kbit/s.
        let result = try Voicerec.run(
            ["record", "--simulated", "--duration", "30"], temporaryDirectory: scratch.url,
            shellPrefix: "ulimit -f 40;")
        #expect(!result.signalled, "SIGXFSZ must not kill it")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(result.status == 0, "what was recorded is sent: \(result.stderr)")
        let sent = try SentTake(stdout: result.stdout)
        #expect(sent.duration > 2 && sent.duration < 10)
        #expect(try scratch.contents() == [sent.url.lastPathComponent])
    }

    @Test func withoutASoundServerItSaysSoAndSuggestsSimulated() throws {
        let scratch = try ScratchDirectory()
        let noServer = ["PULSE_SERVER": "unix:\(scratch.url.path)/no-server"]
        let result = try Voicerec.run(
            ["record"], temporaryDirectory: scratch.url, environment: .inherited.adding(noServer))
        #expect(result.status == 1)
        #expect(result.stderr.contains("--simulated"))
        #expect(try scratch.contents().isEmpty)
    }

    @Test(arguments: [
        ["record", "--duration"], ["record", "--duration", "-3"], ["record", "--max", "x"],
        ["record", "--bogus"], ["record", "extra"], ["info"], ["info", "a", "b"], ["play"],
        ["recover", "--bogus"], ["record", "--simulated", "--device", "x"],
    ])
    func badUsageExitsTwo(_ arguments: [String]) throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(arguments, temporaryDirectory: scratch.url)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test(arguments: ["record", "info", "play", "recover", "simulate", "devices"])
    func everyCommandHasHelp(_ command: String) throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run([command, "--help"], temporaryDirectory: scratch.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: voicerec \(command)"))
    }
}

/// `voicerec info` and `play` with files that are not what they claim.
@Suite("voicerec info and play with bad files")
struct BadFileTests {
    static let cases: [(name: String, bytes: [UInt8]?)] = [
        ("missing.m4a", nil),
        ("empty.m4a", []),
        ("text.m4a", Array("just some text, not audio\n".utf8)),
        ("random.m4a", (0 ..< 4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
        ("png.m4a", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64)),
    ]

    @Test(arguments: cases)
    func infoGivesAClearErrorNeverACrash(_ input: (name: String, bytes: [UInt8]?)) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file(input.name)
        if let bytes = input.bytes { try Data(bytes).write(to: path) }
        for command in ["info", "play"] {
            let result = try Voicerec.run([command, path.path], temporaryDirectory: scratch.url, timeout: 20)
            #expect(!result.signalled, "\(command) crashed on \(input.name)")
            #expect(result.status == 1, "\(command) \(input.name): \(result.stderr)")
            #expect(result.stderr.contains(input.name), "the error names the file")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aTruncatedTakeGivesAClearError() throws {
        let scratch = try ScratchDirectory()
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "2", "--output", scratch.file("whole.m4a").path],
            temporaryDirectory: scratch.url)
        #expect(recorded.status == 0)
        let bytes = try Data(contentsOf: scratch.file("whole.m4a"))
        try bytes.prefix(bytes.count / 2).write(to: scratch.file("half.m4a"))
        let result = try Voicerec.run(
            ["info", scratch.file("half.m4a").path], temporaryDirectory: scratch.url, timeout: 20)
        #expect(!result.signalled)
        #expect(result.status == 1)
        #expect(result.stderr.contains("half.m4a"))
    }
}
