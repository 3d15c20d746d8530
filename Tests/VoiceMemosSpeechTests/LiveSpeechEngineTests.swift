import Foundation
import Synchronization
import Testing
import VoiceMemos
import VoiceMemosSpeech
import VoiceRecorder
import VoiceRecorderTestSupport

/// The live transcriber (SPEC K) against the real engine and model, fed through an `AudioTap` as a take's capture
/// feeds it, and against a stand-in engine that answers nonsense: each transcript ends in one last report, and no
/// engine process is left once it has.
@Suite(.serialized) struct LiveSpeechEngineTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory(prefix: "voicerecorder-live-tests") }

    /// A take's capture through a tap: `samples` handed on in 0.1 s buffers, as fast as they go.
    func capture(_ samples: [Float], through tap: AudioTap) throws -> AudioCapture {
        let capture = try TappedAudioSource(PCMSource(samples: samples), tap: tap).makeCapture()
        capture.start { _ in }
        return capture
    }

    @Test func theRealEngineTellsTheTakesWordsAndEndsWithItsProcessGone() throws {
        #expect(SpeechFixtures.installed.isInstalled, "scripts/install-speech-engine.sh installs the engine")
        let speech = try SpeechFixtures.pcm("Remember to call the dentist on Monday morning.", in: scratch)
        let tap = AudioTap()
        let updates = Updates()
        let transcription = LiveSpeechEngine(install: SpeechFixtures.installed, tap: tap).start { updates.add($0) }
        _ = try capture(speech + [Float](repeating: 0, count: 24_000), through: tap)
        transcription.finish()
        #expect(wait(timeout: 60) { updates.last == .ended }, "it ends: \(updates.list)")
        let heard = updates.phrases.map(\.text).joined(separator: " ").lowercased()
        #expect(heard.contains("dentist") && heard.contains("monday"), "heard: \(heard)")
        let starts = updates.phrases.map(\.start)
        #expect(starts == starts.sorted())
        #expect(updates.phrases.allSatisfy { $0.start <= $0.end && $0.end <= 5 })
        #expect(LiveEngines.children().isEmpty, "no engine left once it has ended: \(LiveEngines.describe())")
    }

    @Test func cancellingStopsTheEngineAndNothingMoreIsReported() throws {
        let speech = try SpeechFixtures.pcm("One two three four five six seven.", in: scratch)
        let tap = AudioTap()
        let updates = Updates()
        let transcription = LiveSpeechEngine(install: SpeechFixtures.installed, tap: tap).start { updates.add($0) }
        _ = try capture(speech, through: tap)
        #expect(wait(timeout: 30) { !LiveEngines.children().isEmpty })
        transcription.cancel()
        let reported = updates.list.count
        #expect(wait(timeout: 5) { LiveEngines.children().isEmpty }, "killed")
        #expect(updates.list.count == reported, "nothing after cancel: \(updates.list)")
        transcription.cancel()  // idempotent
    }

    @Test func withNoEngineInstalledItIsUnavailableAtOnce() {
        let install = SpeechEngineInstall(home: scratch.file("nothing-here"))
        let updates = Updates()
        _ = LiveSpeechEngine(install: install, tap: AudioTap()).start { updates.add($0) }
        guard case .unavailable(let reason) = updates.last else {
            Issue.record("not unavailable: \(updates.list)")
            return
        }
        #expect(reason.contains("install"))
        #expect(updates.list.count == 1)
    }

    @Test func anEngineAnsweringNonsenseIsGivenUpAndKilled() throws {
        let install = try SpeechFixtures.standIn(
            """
            import sys, time
            print('{"event":"ready"}', flush=True)
            print("Loading weights, please wait", flush=True)
            time.sleep(60)
            """, in: scratch)
        let updates = Updates()
        let transcription = LiveSpeechEngine(install: install, tap: AudioTap()).start { updates.add($0) }
        defer { withExtendedLifetime(transcription) {} }
        #expect(wait(timeout: 10) { updates.last != nil })
        #expect(updates.list == [.unavailable("the speech engine answered with something that is not a transcript")])
        // Matched by the stand-in's own path: other suites' engines may run beside this one.
        #expect(wait(timeout: 5) { LiveEngines.children(matching: [install.program.path]).isEmpty }, "killed")
    }

    @Test func aTranscriptLetGoOfTakesItsEngineWithIt() throws {
        let install = try SpeechFixtures.standIn(
            "import time\nprint('{\"event\":\"ready\"}', flush=True)\ntime.sleep(60)\n", in: scratch)
        var transcription: LiveTranscription? = LiveSpeechEngine(install: install, tap: AudioTap()).start { _ in }
        #expect(wait(timeout: 10) { !LiveEngines.children(matching: [install.program.path]).isEmpty })
        transcription = nil
        #expect(transcription == nil)
        #expect(wait(timeout: 5) { LiveEngines.children(matching: [install.program.path]).isEmpty }, "killed")
    }
}

/// What one live transcript reported, from whichever thread.
final class Updates: Sendable {
    private let all = Mutex<[LiveTranscriptUpdate]>([])
    func add(_ update: LiveTranscriptUpdate) { all.withLock { $0.append(update) } }
    var list: [LiveTranscriptUpdate] { all.withLock { $0 } }
    var last: LiveTranscriptUpdate? { list.last }
    var phrases: [LivePhrase] { list.compactMap { if case .phrase(let phrase) = $0 { phrase } else { nil } } }
}

/// The speech engine processes this test process started, read from /proc.
enum LiveEngines {
    /// The installed engine's live mode, as the real-engine tests start it.
    static let real = [SpeechFixtures.installed.program.path, "--live"]

    /// The command lines of `children()`, for a failure's words.
    static func describe(matching texts: [String] = real) -> String {
        children(matching: texts).map { pid in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return "\(pid): " + String(decoding: command, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
        }.joined(separator: "; ")
    }

    /// Children of this process whose command line has each of `texts` in it (the installed live mode's, by
    /// default: the stand-ins, and the file mode's engines of other suites, run beside).
    static func children(matching texts: [String] = real) -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // "pid (name) state ppid …": the name may hold spaces, so the fields are read after its ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == me, fields[0] != "Z" else { return false }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let line = String(decoding: command, as: UTF8.self)
            return texts.allSatisfy { line.contains($0) }
        }
    }
}

/// A source of one capture that hands on `samples` in 0.1 s buffers as soon as it starts.
private struct PCMSource: AudioSource {
    let samples: [Float]
    func accessStatus() -> AccessStatus { .granted }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
    func makeCapture() throws -> AudioCapture { PCMCapture(samples: samples) }
}

private final class PCMCapture: AudioCapture, Sendable {
    let samples: [Float]
    init(samples: [Float]) { self.samples = samples }
    func prepare() {}
    func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
        handler(.started)
        for start in stride(from: 0, to: samples.count, by: 2_400) {
            handler(.samples(Array(samples[start ..< min(start + 2_400, samples.count)])))
        }
    }
    func stop() {}
}
