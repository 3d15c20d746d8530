import ArgumentParsing
import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderJSON
import VoiceRecorderPulseAudio

/// `voicerec record`: one hands-free take from the microphone (or the simulated source) into an AAC `.m4a`.
enum RecordCommand {
    struct Arguments: VerboseArguments, Sendable {
        var simulated = false
        var device: String?
        var duration: Double?
        var maximum = Durations.defaultMaximum
        var output: String?
        var verbose = false
    }

    static let command = Command(
        "voicerec record",
        abstract: "record a voice message from the microphone (or the simulated source) into an .m4a",
        discussion: """
            Records one voice message into an AAC-LC .m4a (24 kHz, mono), written while recording so a crash loses at most
            the last half second. While recording, the terminal shows a live clock and level meter.

              Enter or Ctrl-C    send: finish the file and print {"url","duration","samples"} on stdout
              Escape or Ctrl-\\   discard: delete the file
            """,
        defaults: Arguments(),
        options: [
            .flag("--simulated", \.simulated,
                  help: "record the simulated voice instead of a microphone (no audio hardware needed)"),
            .value("--device", \.device, .text("NAME"),
                   help: "the capture source to record from (default: the sound server's default source); "
                       + "'voicerec devices' lists them"),
            .value("--duration", \.duration, .seconds,
                   help: "stop and send by itself after exactly S seconds of audio (S × 24,000 frames)"),
            .value("--max", \.maximum, .seconds,
                   help: "the longest take; the last 10 s count down, then it sends by itself"),
            .value("--output", \.output, .path(), help: "move the finished file here (it must not exist yet)"),
            .verbose,
        ],
        footer: "Exit status: 0 when a recording was sent, 1 when none was (discarded, too short, failed), 2 for bad usage.",
        check: { arguments throws(UsageError) in
            if arguments.simulated && arguments.device != nil {
                throw UsageError("--device and --simulated don't go together")
            }
            if let output = arguments.output, FileManager.default.fileExists(atPath: output) {
                throw UsageError("\(output) already exists; choose a new --output path")
            }
        })

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments, record)
    }

    private static func record(_ arguments: Arguments) -> Int32 {
        ignoreFileSizeLimitSignal()
        let scheduler = DispatchScheduler(queue: .main)
        let source: AudioSource
        if arguments.simulated {
            source = SimulatedAudioSource(scheduler: scheduler)
        } else {
            let microphone = PulseAudioSource(device: arguments.device)
            if case .failure(let error) = microphone.probe() {
                Output.error("voicerec record: no capture source is reachable (\(error.message)). "
                    + "Check that a sound server (PulseAudio or PipeWire) is running with a microphone, or use --simulated.")
                return ExitStatus.failure
            }
            // Just probed: the session need not ask the server again before it starts recording.
            source = ProbedSource(microphone)
        }
        let unfinished = TakeRecovery.findUnfinished()
        if !unfinished.isEmpty {
            Output.error("voicerec: \(unfinished.count) take(s) left unfinished by a crash; 'voicerec recover' finishes them.")
        }
        let recorder = Recorder(source: source, scheduler: scheduler, length: TakeLength(arguments),
                                output: arguments.output.map { URL(fileURLWithPath: $0) })
        recorder.begin()
        dispatchMain()
    }
}

/// How long a `voicerec record` take may run, and where it is cut.
struct TakeLength {
    /// The session's limits: `--max`, and a minimum no longer than `--duration` (a take asked for by its length is
    /// never "too short").
    let durations: Durations
    /// `--duration`, when it ends the take before the maximum does.
    let exact: Double?

    init(_ arguments: RecordCommand.Arguments) {
        let minimum = min(Durations.defaultMinimum, arguments.duration ?? .infinity)
        let durations = Durations(minimum: minimum, maximum: arguments.maximum)
        self.durations = durations
        exact = arguments.duration.flatMap { $0 < durations.maximum ? $0 : nil }
    }

    /// Where the clock counts down to: the exact length, or the maximum.
    var end: Double { exact ?? durations.maximum }
}

/// One `voicerec record` run: the session, the terminal, and the way out.
private final class Recorder: @unchecked Sendable {
    private let session: Session
    private let terminal = Terminal()
    private let output: URL?
    private let end: Double
    private var signals: [DispatchSourceSignal] = []
    private var display: DispatchSourceTimer?

    init(source: AudioSource, scheduler: DispatchScheduler, length: TakeLength, output: URL?) {
        let relay = SendRelay()
        var source = source
        if let seconds = length.exact {
            source = ExactDurationSource(source, seconds: seconds) { scheduler.post { relay.send() } }
        }
        session = Session(source: source, writers: M4ATakeWriterFactory(), scheduler: scheduler,
                          durations: length.durations)
        relay.session = session
        end = length.end
        self.output = output
    }

    func begin() {
        session.onEvent = { [unowned self] event in handle(event) }
        terminal.readKeys { [unowned self] key in
            switch key {
            case .enter: session.send()
            case .escape: session.cancel()
            }
        }
        signals = [
            onSignal(SIGINT) { [unowned self] in session.send() },
            onSignal(SIGTERM) { [unowned self] in session.send() },   // keep the audio: never lose a recording
            onSignal(SIGQUIT) { [unowned self] in session.cancel() },
        ]
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: .milliseconds(100))
        timer.setEventHandler { [unowned self] in
            terminal.status(LevelMeterText.line(phase: session.phase, elapsed: session.elapsed,
                                                maximum: end, windows: session.windows))
        }
        timer.resume()
        display = timer
        session.start()
    }

    private func handle(_ event: SessionEvent) {
        switch event {
        case .sent(let recording, _):
            deliver(recording)
        case .cancelled(let reason):
            finish(reason == .cancelled ? "Discarded: the recording was deleted." : "The recording was interrupted and deleted.",
                   status: ExitStatus.failure)
        case .tooShort:
            finish("Too short to keep (under \(JSONNumber.text(session.durations.minimum)) s): deleted.", status: ExitStatus.failure)
        case .failure(let message):
            terminal.status("")
            Output.error("voicerec record: \(message)")
        case .phase(.stopped):
            // Stopped and kept (SPEC A.6). At a terminal the person chooses; without one, nobody can: send it.
            if !terminal.isInteractive { session.send() }
        default:
            break
        }
    }

    private func deliver(_ recording: Recording) {
        var url = recording.url
        if let output {
            do {
                try FileManager.default.moveItem(at: recording.url, to: output)
                url = output
            } catch {
                Output.error("voicerec record: could not move the recording to \(output.path): \(error.localizedDescription); it is at \(recording.url.path)")
            }
        }
        let json = JSONValue.object([
            ("url", .string(url.path)),
            ("duration", .number(recording.duration)),
            ("samples", .array(recording.samples.map { .number($0) })),
        ])
        finish(json: json.text, status: ExitStatus.success)
    }

    private func finish(_ message: String? = nil, json: String? = nil, status: Int32) {
        display?.cancel()
        terminal.restore()
        if let message { Output.error(message) }
        if let json { Output.line(json) }
        exit(status)
    }
}

/// Sends the take of the session it is given, from the session's thread: what a `--duration` take does once it
/// holds its frames. Set up before the take starts and used on the main queue only.
private final class SendRelay: @unchecked Sendable {
    weak var session: Session?
    func send() { session?.send() }
}

/// A source whose access was just established by a probe, so starting a take costs one connection, not two.
private struct ProbedSource: AudioSource {
    let base: AudioSource
    init(_ base: AudioSource) { self.base = base }
    func accessStatus() -> AccessStatus { .granted }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
    func makeCapture() throws -> AudioCapture { try base.makeCapture() }
}
