import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// Pause and preview (SPEC D) on the command line, end to end: real processes, real files decoded back with
/// FFmpeg, a real (private) sound server to listen with.
@Suite("voicerec simulate --preview and record --preview")
struct PreviewCommandTests {
    /// One AAC frame at 24 kHz: how close a cut file's length comes to its kept range (SPEC D.5).
    static let oneFrame = 1_024.0 / 24_000

    @Test func aTrimmedTakeIsWrittenHoldingOnlyItsKeptRange() throws {
        let scratch = try ScratchDirectory()
        let files = scratch.file("takes")
        let script = "0 start\n2 pause\n2.5 resume\n4.5 pause\n4.6 trim 0.75 3.25\n5 send\n6 end\n"
        let result = try Voicerec.run(
            ["simulate", "--preview", "--write", files.path, "-"], temporaryDirectory: scratch.url, input: script)
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try #require(
            result.stdout.split(separator: "\n").compactMap { jsonObject(String($0)) }
                .first { $0["event"] as? String == "sent" })
        // The file plays from the first AAC frame boundary in 0.75–3.25 s: frame 18,432 (0.768 s).
        let kept = try #require(sent["kept"] as? [String: Double])
        #expect(kept == ["start": 0.768, "end": 3.25])
        #expect(abs((sent["duration"] as? Double ?? 0) - 2.482) < 1.0 / 24_000)

        let url = URL(fileURLWithPath: try #require(sent["url"] as? String))
        let (info, frames) = try AudioFileReader.decode(url) { _ in }
        #expect(info.codecName == "aac" && info.sampleRate == 24_000 && info.channels == 1)
        let seconds = Double(frames) / 24_000
        #expect(abs(seconds - 2.5) <= Self.oneFrame, "decoded \(seconds) s for a 2.5 s kept range")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path) == [url.lastPathComponent])
        #expect(result.stdout.hasSuffix(#""phase":"idle","capturesRunning":0,"filesLeft":0}"# + "\n"))
    }

    @Test func previewLinesWithoutPreviewAreBadUsageNamingTheLine() throws {
        let result = try Voicerec.run(["simulate", "-"], input: "0 start\n1 pause\n2 end\n")
        #expect(result.status == 2)
        #expect(result.stderr == "voicerec simulate: -: line 2: 'pause' needs --preview\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMalformedPreviewLineIsBadUsageInOneLine() throws {
        let result = try Voicerec.run(["simulate", "--preview", "-"], input: "0 start\n1 pause\n2 trim 3 1\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 3: 'trim' keeps A to B seconds"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func recordPreviewPausesAndRecordsOnIntoOneValidFile() throws {
        let scratch = try ScratchDirectory()
        let (process, terminal) = try recordAtATerminal(in: scratch)
        // The live line is the take's news: its clock, and the keys it offers while paused.
        #expect(terminal.read(until: { $0.contains("0:01") }, timeout: 10).contains("p: pause"))
        try terminal.type("p")
        #expect(terminal.read(until: { $0.contains("p: record on") }, timeout: 5).contains("p: record on"), "paused")
        // Paused a while: none of it may be recorded. The pause's length is the point, and nothing marks it.
        letTimePass(1.5)
        try terminal.type("p")
        #expect(terminal.read(until: { $0.contains("p: pause") }, timeout: 5).contains("p: pause"), "recording on")
        #expect(terminal.read(until: { $0.contains("0:02") }, timeout: 5).contains("0:02"))
        try terminal.type("\r")
        let result = try process.wait(timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try SentTake(stdout: result.stdout)
        // About 1 s, paused, then on to 2 s: had the 1.5 s pause been recorded, the clock would have passed 0:02 at
        // once and the take would be over 2.5 s.
        #expect(sent.duration > 1.9 && sent.duration < 2.4, "recorded \(sent.duration) s")
        #expect(try scratch.contents() == [sent.url.lastPathComponent])
    }

    @Test func aTakeAFullFilePausedIsSentWhenNobodyIsAtATerminal() throws {
        let scratch = try ScratchDirectory()
        // 40 blocks of 1 KiB: about 6 s of audio, then the writer fails and the take pauses (SPEC D.6).
        let result = try Voicerec.run(
            ["record", "--preview", "--simulated", "--duration", "30"], temporaryDirectory: scratch.url,
            shellPrefix: "ulimit -f 40;", timeout: 20)
        #expect(result.status == 0, "what was recorded is sent: \(result.stderr)")
        let sent = try SentTake(stdout: result.stdout)
        #expect(sent.duration > 2 && sent.duration < 10)
    }

    @Test func withoutPreviewThePauseKeyDoesNothing() throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(["record", "--simulated"], temporaryDirectory: scratch.url)
        waitUntilRecorded(0.6, in: scratch.url, by: process)
        process.type("p")
        // Had the p paused the take, its file would stop growing here.
        waitUntilRecorded(1.7, in: scratch.url, by: process)
        process.type("\n")
        let result = try process.wait(timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        let duration = try #require(jsonObject(result.stdout)?["duration"] as? Double)
        #expect(duration > 1.6, "recorded on through the p: \(duration) s")
    }

    @Test func listeningWhilePausedPlaysThroughTheSoundServer() throws {
        let scratch = try ScratchDirectory()
        let server = try SoundServer()
        defer { server.shutdown() }
        try server.keepAwake()
        let (process, terminal) = try recordAtATerminal(in: scratch, environment: server.clientEnvironment)
        #expect(terminal.read(until: { $0.contains("0:01") }, timeout: 10).contains("0:01"))
        try terminal.type("p")
        // The live line says the take is paused and not listened to: whatever pausing does, it has done.
        #expect(terminal.read(until: { $0.contains("l: listen") }, timeout: 5).contains("l: listen"), "paused")
        #expect(try server.playingStreams().isEmpty, "paused, nothing plays yet")
        try terminal.type("l")
        let playing = try wait(timeout: 3) { try !server.playingStreams().isEmpty }
        #expect(playing, "listening is a stream in the sound server")
        try terminal.type("l")
        let stopped = try wait(timeout: 3) { try server.playingStreams().isEmpty }
        #expect(stopped, "l again stops listening")
        try terminal.type("\r")
        let result = try process.wait(timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("could not"), "\(result.stderr)")
        let url = URL(fileURLWithPath: try #require(jsonObject(result.stdout)?["url"] as? String))
        let (_, frames) = try AudioFileReader.decode(url) { _ in }
        #expect(frames > 24_000)
    }

    @Test func bracketsTrimAtThePlayheadAndTheFileHoldsOnlyTheKeptPart() throws {
        let scratch = try ScratchDirectory()
        let server = try SoundServer()
        defer { server.shutdown() }
        try server.keepAwake()
        let (process, terminal) = try recordAtATerminal(in: scratch, environment: server.clientEnvironment)
        #expect(terminal.read(until: { $0.contains("0:02") }, timeout: 10).contains("0:02"))
        try terminal.type("p")
        #expect(terminal.read(until: { $0.contains("l: listen") }, timeout: 5).contains("l: listen"), "paused")
        try terminal.type("l")
        #expect(terminal.read(until: { $0.contains("l: stop") }, timeout: 5).contains("l: stop"), "listening")
        // Listen on for a while: the playhead moves from 0 with the time heard, which is what this measures.
        letTimePass(0.9)
        try terminal.type("l")
        try terminal.type("[")  // keep from where listening stopped
        #expect(terminal.read(until: { $0.contains("(keeping") }, timeout: 5).contains("(keeping"), "trimmed")
        try terminal.type("\r")
        let result = try process.wait(timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(jsonObject(result.stdout))
        let kept = try #require(json["kept"] as? [String: Double])
        let start = try #require(kept["start"])
        let end = try #require(kept["end"])
        #expect(start > 0.4 && start < 1.3, "listened about 0.9 s: kept from \(start)")
        let duration = try #require(json["duration"] as? Double)
        #expect(abs(duration - (end - start)) <= Self.oneFrame)
        let url = URL(fileURLWithPath: try #require(json["url"] as? String))
        let (_, frames) = try AudioFileReader.decode(url) { _ in }
        #expect(abs(Double(frames) / 24_000 - (end - start)) <= Self.oneFrame)
    }

    @Test func recordHelpDocumentsThePreviewKeys() throws {
        let result = try Voicerec.run(["record", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--preview"))
        #expect(result.stdout.contains("p                  pause"))
        #expect(result.stdout.contains("l                  while paused: listen"))
        #expect(result.stdout.contains("[ and ]            while paused: keep the take from"))
    }

    /// Starts `voicerec record --preview --simulated` in `scratch` at a pseudo-terminal, as a person runs it: keys
    /// typed there arrive one by one, and the live line drawn there (ten times a second) says what the take is
    /// doing — the clock, and the keys offered while paused or listening. Standard output is captured.
    private func recordAtATerminal(
        in scratch: ScratchDirectory, environment: ChildProcess.Environment = .inherited
    ) throws -> (ChildProcess, PseudoTerminal) {
        let terminal = try PseudoTerminal()
        let process = try ChildProcess(
            Voicerec.path, ["record", "--preview", "--simulated"],
            environment: environment.adding(["TMPDIR": scratch.url.path]),
            input: .file(terminal.path), output: .capture, errors: .file(terminal.path))
        return (process, terminal)
    }
}
