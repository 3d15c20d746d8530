import Foundation
import Testing
import VoiceMemos
import VoiceMemosSpeech
import VoiceRecorderTestSupport

/// The live transcriber against the real engine and model (SPEC E.1, E.2), and against stand-in engines that
/// crash, hang or answer nonsense: each job ends in one report, and the next job runs.
@Suite(.serialized) struct EngineTranscriberTests {
    let scratch: ScratchDirectory
    let processes = EngineProcesses()

    init() throws { scratch = try ScratchDirectory(prefix: "voicerecorder-speech-tests") }

    func transcriber(
        _ install: SpeechEngineInstall = SpeechFixtures.installed, idleExit: Duration = .seconds(2),
        hangLimit: Duration = .seconds(60)
    ) -> EngineTranscriber {
        let processes = self.processes
        return EngineTranscriber(
            install: install, idleExit: idleExit, hangLimit: hangLimit, observer: { processes.note($0) })
    }

    /// Starts a job on `url`; its reports.
    func transcribe(_ transcriber: EngineTranscriber, _ url: URL) -> (TranscriptionJob, Reports) {
        let reports = Reports()
        let job = transcriber.transcribe(url) { reports.add($0) }
        return (job, reports)
    }

    @Test func spokenWordsComeBackWithTheirTimesAndTheEngineLeavesWhenIdle() throws {
        #expect(SpeechFixtures.installed.isInstalled, "scripts/install-speech-engine.sh installs the engine")
        let memo = try SpeechFixtures.spoken("Remember to call the dentist on Monday morning.", in: scratch)
        let transcriber = transcriber()
        let (_, reports) = transcribe(transcriber, memo)
        #expect(wait(timeout: 60) { reports.end != nil }, "the job ends")
        guard case .done(let transcript) = reports.end else {
            Issue.record("not transcribed: \(reports.list)")
            return
        }
        let heard = transcript.words.map { MemoSearch.searchKey($0.text).filter(\.isLetter) }
        #expect(heard.contains("dentist") && heard.contains("monday"), "\(transcript.text)")
        #expect(transcript.language == "en")
        let starts = transcript.words.map(\.start)
        #expect(starts == starts.sorted(), "in time order")
        #expect(transcript.words.allSatisfy { $0.start >= 0 && $0.end >= $0.start && $0.end <= 5 })
        #expect(reports.list.contains { if case .progress = $0 { true } else { false } }, "progress came first")

        // Nothing more to do: gone after the idle time (2 s here, 30 s in the app), holding no model.
        #expect(processes.running.count == 1)
        #expect(wait(timeout: 10) { processes.running.isEmpty }, "the engine exits when idle")
        #expect(!transcriber.isEngineRunning)
    }

    @Test func theEngineLeavesAfter30SecondsIdleAndIsTakenForHungAfter60Silent() {
        let engine = EngineTranscriber(install: SpeechEngineInstall(home: scratch.file("none")))
        #expect(engine.idleExit == .seconds(30), "SPEC E.1")
        #expect(engine.hangLimit == .seconds(60), "the issue's hang limit")
    }

    @Test func aFileThatIsNotAudioFailsInWordsAndTheNextJobRuns() throws {
        let notAudio = scratch.file("notes.m4a")
        try Data("Dear diary, nothing recorded today.".utf8).write(to: notAudio)
        let memo = try SpeechFixtures.spoken("Hello there.", in: scratch)
        let transcriber = transcriber()
        let (_, bad) = transcribe(transcriber, notAudio)
        let (_, good) = transcribe(transcriber, memo)
        #expect(wait(timeout: 60) { good.end != nil })
        guard case .failed(let reason) = bad.end else {
            Issue.record("\(bad.list)")
            return
        }
        #expect(!reason.isEmpty && !reason.contains("\n"))
        guard case .done = good.end else {
            Issue.record("\(good.list)")
            return
        }
        #expect(processes.startedCount == 1, "one engine served both")
    }

    @Test func noEngineInstalledIsUnavailableSayingWhichScriptInstallsIt() throws {
        let transcriber = transcriber(SpeechEngineInstall(home: scratch.file("nothing-here")))
        let (_, reports) = transcribe(transcriber, scratch.file("any.m4a"))
        #expect(wait(timeout: 5) { reports.end != nil })
        #expect(reports.end == .unavailable(SpeechEngineInstall.notInstalled))
        #expect(SpeechEngineInstall.notInstalled.contains("scripts/install-speech-engine.sh"), "run from the build")
        #expect(
            SpeechEngineInstall.notInstalled(installer: "voicerecorder-install-speech-engine")
                == "Transcripts are not installed: voicerecorder-install-speech-engine installs the speech engine")
        #expect(processes.startedCount == 0)
    }

    /// Where the engine is looked for follows the XDG rule the installer follows: `$VOICERECORDER_SPEECH_HOME`, else
    /// `speech` under an absolute `$XDG_DATA_HOME/voicerecorder`, else under `$HOME/.local/share/voicerecorder`.
    @Test func theEngineIsLookedForWhereTheInstallerPutsIt() {
        func home(_ environment: [String: String]) -> String { SpeechEngineInstall(environment: environment).home.path }
        #expect(home(["VOICERECORDER_SPEECH_HOME": "/opt/engine", "XDG_DATA_HOME": "/data"]) == "/opt/engine")
        #expect(home(["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/voicerecorder/speech")
        #expect(
            home(["XDG_DATA_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/share/voicerecorder/speech",
            "a relative XDG_DATA_HOME is ignored")
        #expect(home(["HOME": "/home/a"]) == "/home/a/.local/share/voicerecorder/speech")
    }

    @Test func aModelWhoseHashDiffersIsUnavailableAndNeverLoaded() throws {
        // The real engine and venv, beside a copy of the model with one file changed.
        let home = scratch.file("damaged")
        let real = SpeechFixtures.installed.home
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for part in ["venv", "engine"] {
            try FileManager.default.createSymbolicLink(
                at: home.appendingPathComponent(part), withDestinationURL: real.appendingPathComponent(part))
        }
        let model = home.appendingPathComponent("model")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: real.appendingPathComponent("model").path) {
            try FileManager.default.createSymbolicLink(
                at: model.appendingPathComponent(file),
                withDestinationURL: real.appendingPathComponent("model").appendingPathComponent(file))
        }
        try FileManager.default.removeItem(at: model.appendingPathComponent("vocabulary.txt"))
        try Data("not the vocabulary".utf8).write(to: model.appendingPathComponent("vocabulary.txt"))

        // The transcriber tells the engine which install it runs from: no process-wide variable (tests run at once).
        let transcriber = transcriber(SpeechEngineInstall(home: home))
        let (_, reports) = transcribe(transcriber, scratch.file("any.m4a"))
        #expect(wait(timeout: 30) { reports.end != nil })
        guard case .unavailable(let reason) = reports.end else {
            Issue.record("\(reports.list)")
            return
        }
        #expect(reason.contains("model.sha256") || reason.contains("vocabulary.txt"), "\(reason)")
        #expect(wait(timeout: 10) { processes.running.isEmpty })
    }

    @Test(arguments: [
        (
            "nonsense",
            "say(event='progress', id=request['id'], fraction=0.1); print('Traceback: something', flush=True)"
        ),
        ("crash", "os._exit(1)"),
        ("hang", "time.sleep(3600)"),
    ])
    func anEngineThatMisbehavesFailsTheJobAndTheNextJobGetsANewOne(_ kind: String, _ misbehaviour: String) throws {
        let script =
            """
            def answer(request):
                if request["path"].endswith("good.m4a"):
                    say(event="done", id=request["id"], language="en", duration=1.0,
                        words=[{"text": "fine", "start": 0.1, "end": 0.4}])
                    return
                \(misbehaviour)

            """ + SpeechFixtures.standInPrelude
        let transcriber = transcriber(try SpeechFixtures.standIn(script, in: scratch), hangLimit: .seconds(2))
        let (_, bad) = transcribe(transcriber, scratch.file("bad.m4a"))
        let (_, good) = transcribe(transcriber, scratch.file("good.m4a"))
        #expect(wait(timeout: 20) { good.end != nil })
        guard case .failed(let reason) = bad.end else {
            Issue.record("\(kind): \(bad.list)")
            return
        }
        #expect(!reason.contains("\n"), "one line")
        switch kind {
        case "nonsense": #expect(reason.contains("not a transcript"))
        case "crash": #expect(reason.contains("stopped while transcribing"))
        default: #expect(reason.contains("stopped answering for 2 s"))
        }
        #expect(good.end == .done(Transcript(language: "en", words: [.init(text: "fine", start: 0.1, end: 0.4)])))
        #expect(processes.startedCount == 2, "the misbehaving engine was replaced")
    }

    @Test func aPausedJobHoldsTheEngineStoppedAndACancelledOneReportsNothingMore() throws {
        let script =
            """
            def answer(request):
                for step in range(200):
                    say(event="progress", id=request["id"], fraction=step / 200)
                    time.sleep(0.05)
                say(event="done", id=request["id"], language="en", duration=1.0, words=[])

            """ + SpeechFixtures.standInPrelude
        let transcriber = transcriber(try SpeechFixtures.standIn(script, in: scratch))
        let (job, reports) = transcribe(transcriber, scratch.file("long.m4a"))
        #expect(wait(timeout: 10) { !reports.list.isEmpty }, "under way")
        let pid = try #require(processes.lastStarted)
        job.pause()
        #expect(wait(timeout: 5) { Self.state(of: pid) == "T" }, "stopped while paused")
        let heardWhilePaused = reports.list.count
        letTimePass(0.3)  // a stopped engine says nothing, however long the pause
        #expect(reports.list.count <= heardWhilePaused + 1)
        job.resume()
        #expect(wait(timeout: 5) { reports.list.count > heardWhilePaused + 2 }, "going on")

        job.cancel()
        let afterCancel = reports.list.count
        #expect(wait(timeout: 5) { processes.running.isEmpty }, "the engine is killed")
        #expect(reports.list.count == afterCancel, "nothing reported after cancel")
        #expect(reports.end == nil)
    }

    /// A process's state letter from /proc (R, S, T…), nil once it is gone.
    static func state(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }
}
