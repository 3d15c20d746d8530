import Foundation
import VoiceMemos
import VoiceMemosSpeech
import VoiceRecorderTestSupport

/// What the engine tests speak to: the installed engine, speech made by espeak-ng, and stand-in engines.
enum SpeechFixtures {
    /// The speech engine as scripts/install-speech-engine.sh installed it (scripts/test.sh installs it first).
    static let installed = SpeechEngineInstall()

    /// `sentence` spoken by espeak-ng into a 24 kHz mono AAC `.m4a` in `directory`, as a memo is stored.
    static func spoken(_ sentence: String, in directory: ScratchDirectory, name: String = "speech") throws -> URL {
        let wave = directory.file("\(name).wav")
        let memo = directory.file("\(name).m4a")
        try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-s", "150", "-w", wave.path, sentence])
        try ChildProcess.output(
            of: "/usr/bin/ffmpeg",
            ["-loglevel", "error", "-y", "-i", wave.path, "-ac", "1", "-ar", "24000", "-c:a", "aac", memo.path])
        return memo
    }

    /// `sentence` spoken by espeak-ng as a take's capture hands it on: mono float samples at 24 kHz.
    static func pcm(_ sentence: String, in directory: ScratchDirectory) throws -> [Float] {
        let wave = directory.file("live.wav")
        let raw = directory.file("live.f32")
        try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-s", "150", "-w", wave.path, sentence])
        try ChildProcess.output(
            of: "/usr/bin/ffmpeg",
            ["-loglevel", "error", "-y", "-i", wave.path, "-ac", "1", "-ar", "24000", "-f", "f32le", raw.path])
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// An install in `directory` whose "engine" is `script` (Python, run by Debian's python3): how the adapter is
    /// tested against an engine that crashes, hangs or answers nonsense, as real processes.
    static func standIn(_ script: String, in directory: ScratchDirectory) throws -> SpeechEngineInstall {
        let home = directory.file("stand-in")
        let bin = home.appendingPathComponent("venv/bin")
        let engine = home.appendingPathComponent("engine")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: engine, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("python"), withDestinationURL: URL(fileURLWithPath: "/usr/bin/python3"))
        try Data(script.utf8).write(to: engine.appendingPathComponent("voicerec_speech.py"))
        return SpeechEngineInstall(home: home)
    }

    /// The start of a stand-in engine: it says it is ready, then hands each request to `answer(request)`.
    static let standInPrelude = """
        import json, sys, time, os
        def say(**event):
            sys.stdout.write(json.dumps(event) + "\\n"); sys.stdout.flush()
        say(event="ready")
        for line in sys.stdin:
            request = json.loads(line)
            answer(request)

        """
}

/// Reports of one job, gathered from whichever thread they come on.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [TranscriptionReport] = []

    func add(_ report: TranscriptionReport) { lock.withLock { all.append(report) } }
    var list: [TranscriptionReport] { lock.withLock { all } }

    /// The job's end (done, failed or unavailable), once there is one.
    var end: TranscriptionReport? {
        list.last { if case .progress = $0 { false } else { true } }
    }
}

/// The engine processes a transcriber started and saw end, by pid.
final class EngineProcesses: @unchecked Sendable {
    private let lock = NSLock()
    private var started: [Int32] = []
    private var exited: [Int32] = []

    func note(_ event: EngineTranscriber.EngineEvent) {
        lock.withLock {
            switch event {
            case .started(let pid): started.append(pid)
            case .exited(let pid): exited.append(pid)
            }
        }
    }

    var startedCount: Int { lock.withLock { started.count } }
    var running: [Int32] { lock.withLock { started.filter { !exited.contains($0) } } }
    var lastStarted: Int32? { lock.withLock { started.last } }
}
