import ArgumentParsing
import Foundation
import VoiceRecorder
import VoiceRecorderJSON
import VoiceRecorderPOSIX
import VoiceRecorderPulseAudio

/// A take the session sent, with what the recorder saw of it.
struct SentTake {
    let recording: Recording
    /// When the take began (the session first went to holding or hands-free): a memo's date (SPEC B.1).
    let startedAt: Date
    /// Whether a failure stopped it (SPEC B.2: its audio is then kept as a recovered memo).
    let hasFailed: Bool
}

/// What a finished take becomes, and the words a command speaks around it: `voicerec record` moves the file and
/// prints it, `voicerec memos record` keeps it in the library and prints the memo.
struct TakeDelivery {
    /// The command in messages: `record`, `memos record`.
    let command: String
    /// Whether a take a failure stopped and kept is sent at once (the memos rule: its audio becomes a recovered
    /// memo). Otherwise a person at the terminal chooses, as after any stop (SPEC A.6).
    let sendsFailedTakes: Bool
    /// Runs before the process exits, however the take ended (closes what the command opened).
    var close: () -> Void = {}
    /// The sent take's line for stdout (exit 0), or a failure's words for stderr (exit 1).
    let deliver: (SentTake) -> Result<JSONValue, DeliveryFailure>

    init(
        command: String, sendsFailedTakes: Bool, close: @escaping () -> Void = {},
        deliver: @escaping (SentTake) -> Result<JSONValue, DeliveryFailure>
    ) {
        self.command = command
        self.sendsFailedTakes = sendsFailedTakes
        self.close = close
        self.deliver = deliver
    }
}

/// Why a sent take could not be delivered, as the line to print (after "voicerec <command>: ").
struct DeliveryFailure: Error {
    let words: String
}

/// How long a take may run, and where it is cut.
struct TakeLength {
    /// The session's limits: the maximum, and a minimum no longer than the exact duration (a take asked for by
    /// its length is never "too short").
    let durations: Durations
    /// `--duration`, when it ends the take before the maximum does.
    let exact: Double?

    init(duration: Double?, maximum: Double = Durations.defaultMaximum) {
        let minimum = min(Durations.defaultMinimum, duration ?? .infinity)
        let durations = Durations(minimum: minimum, maximum: maximum)
        self.durations = durations
        exact = duration.flatMap { $0 < durations.maximum ? $0 : nil }
    }

    /// Where the clock counts down to: the exact length, or the maximum.
    var end: Double { exact ?? durations.maximum }
}

/// Where a command's take comes from: the simulated voice, or a microphone the sound server has.
enum RecordingSource {
    /// The source to record from; nil (after saying why on stderr) when no capture source is reachable.
    static func make(simulated: Bool, device: String?, scheduler: DispatchScheduler, command: String) -> AudioSource? {
        if simulated { return SimulatedAudioSource(scheduler: scheduler) }
        var microphone = PulseAudioSource(device: device)
        var probed = microphone.probe()
        // A device the server has no source by that name is looked for among the descriptions (SPEC F.1): only then,
        // so a take from a name costs no second query before it starts.
        if case .failure = probed, let device, let named = resolve(device), named != device {
            microphone = PulseAudioSource(device: named)
            probed = microphone.probe()
        }
        if case .failure(let error) = probed {
            Output.error(
                "voicerec \(command): no capture source is reachable (\(error.message)). "
                    + "Check that a sound server (PulseAudio or PipeWire) is running with a microphone, or use --simulated."
            )
            return nil
        }
        // Just probed: the session need not ask the server again before it starts recording.
        return ProbedSource(microphone)
    }

    /// The name of the source `--device` names or describes (SPEC F.1), or nil when the server has none.
    private static func resolve(_ device: String) -> String? {
        (try? PulseAudioMicrophones(applicationName: "voicerec").list())?.matching(device)?.name
    }
}

/// One hands-free take at the terminal: the session, the keys (Enter sends, Escape discards; with pause and preview
/// also `p` pauses or records on, `l` listens or stops, `[` and `]` keep from or up to the playhead), the signals (Ctrl-C and termination send, Ctrl-\ discards),
/// the live line, and the way out. What the sent take becomes is the delivery's business.
/// `@unchecked Sendable`: used on the main queue (its session's scheduler) only; keys and signals come there
final class TerminalRecorder: @unchecked Sendable {
    private let session: Session
    private let terminal = Terminal()
    private let delivery: TakeDelivery
    private let end: Double
    private var signals: [DispatchSourceSignal] = []
    private var display: DispatchSourceTimer?
    /// When the take began, and whether a failure stopped it (main queue only).
    private var startedAt: Date?
    private var hasFailed = false
    /// Whether the pause under way was asked for with `p` (otherwise an interruption paused the take, SPEC D.6).
    private var pauseAskedFor = false
    /// The microphone the take records from, whose sources are followed for its warnings (nil: the simulated voice).
    private let microphone: MicrophoneChoice?

    /// - Parameter players: with them, pause and preview is on (SPEC D): the take can pause, be listened to
    ///   through them, and record on; sent from paused, it keeps its kept range.
    init(
        source: AudioSource, writers: TakeWriterFactory, scheduler: DispatchScheduler, length: TakeLength,
        delivery: TakeDelivery, previewPlayers players: TakePlayers? = nil, format: TakeFormat = .default
    ) {
        let relay = SendRelay()
        // A microphone's sources are followed beside the take for its warnings (SPEC F.2); the simulated voice has none.
        let microphone = (source as? ProbedSource)?.device
        var source = source
        if let seconds = length.exact {
            source = ExactDurationSource(source, seconds: seconds) { scheduler.post { relay.send() } }
        }
        session = Session(
            source: source, writers: writers, scheduler: scheduler, durations: length.durations,
            preview: players != nil, players: players)
        session.format = format
        // Without a terminal on stderr nothing draws the level or the clock: the meter is read 5 times a second.
        session.liveUpdates = terminal.showsLiveLine ? .drawn : .unseen
        relay.session = session
        self.microphone = microphone
        end = length.end
        self.delivery = delivery
    }

    /// Starts the take; the process exits when it ends (call `dispatchMain()` after).
    func begin() {
        session.events.observe { [unowned self] event in handle(event) }
        terminal.readKeys { [unowned self] key in
            switch key {
            case .enter: session.send()
            case .escape: session.cancel()
            case .pause: togglePause()
            case .listen: toggleListening()
            case .keepFromPlayhead: trimAtPlayhead(start: true)
            case .keepToPlayhead: trimAtPlayhead(start: false)
            }
        }
        signals = [
            onSignal(SIGINT) { [unowned self] in session.send() },
            onSignal(SIGTERM) { [unowned self] in session.send() },  // keep the audio: never lose a recording
            onSignal(SIGQUIT) { [unowned self] in session.cancel() },
        ]
        // The live line, ten times a second, only where it is drawn: without a terminal on stderr (a script, a
        // pipe) nothing would show it, and the timer would only wake the process.
        if terminal.showsLiveLine {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now(), repeating: .milliseconds(100))
            timer.setEventHandler { [unowned self] in
                terminal.status(
                    LevelMeterText.line(
                        phase: session.phase, elapsed: session.elapsed,
                        maximum: end, windows: session.windows,
                        preview: session.preview ? PreviewReading(session) : nil))
            }
            timer.resume()
            display = timer
        }
        session.start()
        // After the take's own connection is on its way, so following the sources costs its start nothing.
        if let microphone {
            session.follow(PulseAudioMicrophones(applicationName: "voicerec"), recordingFrom: microphone.name)
        }
    }

    /// `p`: pauses a recording take, records on from a paused one (the session ignores both with preview off).
    private func togglePause() {
        if session.phase == .paused {
            session.resume()
        } else {
            pauseAskedFor = true
            session.pause()
            pauseAskedFor = false
        }
    }

    /// `l`: listens to the paused take from the playhead, or stops listening.
    private func toggleListening() {
        if session.isListening { session.pausePlayback() } else { session.play() }
    }

    /// `[` and `]`: the kept range starts, or ends, where the playhead is (SPEC D.4; the session keeps it at least
    /// the minimum duration long).
    private func trimAtPlayhead(start: Bool) {
        guard let playhead = session.playhead, let kept = session.keptRange else { return }
        if start {
            session.trim(start: playhead, end: kept.end)
        } else {
            session.trim(start: kept.start, end: playhead)
        }
    }

    private func handle(_ event: SessionEvent) {
        switch event {
        case .phase(.holding), .phase(.locked):
            if startedAt == nil { startedAt = Date() }
        case .sent(let recording, _):
            deliver(SentTake(recording: recording, startedAt: startedAt ?? Date(), hasFailed: hasFailed))
        case .cancelled(let reason):
            finish(
                reason == .cancelled
                    ? "Discarded: the recording was deleted." : "The recording was interrupted and deleted.",
                status: ExitStatus.failure)
        case .tooShort:
            finish(
                "Too short to keep (under \(JSONNumber.text(session.durations.minimum)) s): deleted.",
                status: ExitStatus.failure)
        case .failure(let message):
            hasFailed = true
            terminal.status("")
            Output.error("voicerec \(delivery.command): \(message)")
            if delivery.sendsFailedTakes, session.phase == .stopped { session.send() }
        case .phase(.stopped):
            // Stopped and kept (SPEC A.6). At a terminal the person chooses; without one, nobody can: send it.
            if !terminal.isInteractive || (delivery.sendsFailedTakes && hasFailed) { session.send() }
        case .microphoneWarning(let warning, let source):
            // One line a warning (SPEC F.2); the take records on, and a warning that clears says nothing.
            let described = source?.description ?? "the microphone"
            let line: String? =
                switch warning {
                case .muted: "voicerec: warning: \(described) is muted"
                case .silent:
                    "voicerec: warning: no sound from \(described) in the first \(JSONNumber.text(MicrophoneWarningRule.silentAfter)) s"
                case .none: nil
                }
            if let line {
                terminal.status("")
                Output.error(line)
            }
        case .phase(.paused) where !pauseAskedFor:
            // With preview on an interruption pauses the take instead (SPEC D.6): the same choice, the same rule.
            if !terminal.isInteractive || (delivery.sendsFailedTakes && hasFailed) { session.send() }
        default:
            break
        }
    }

    private func deliver(_ take: SentTake) {
        switch delivery.deliver(take) {
        case .success(let json): finish(json: json.text, status: ExitStatus.success)
        case .failure(let failure): finish("voicerec \(delivery.command): \(failure.words)", status: ExitStatus.failure)
        }
    }

    private func finish(_ message: String? = nil, json: String? = nil, status: Int32) {
        display?.cancel()
        terminal.restore()
        delivery.close()
        if let message { Output.error(message) }
        if let json { Output.line(json) }
        // The take is finished, synced and reported: nothing is left for the libraries' destructors to do.
        POSIX.exitSkippingTeardown(status)
    }
}

/// Sends the take of the session it is given, from the session's thread: what a `--duration` take does once it
/// holds its frames. Set up before the take starts and used on the main queue only.
/// `@unchecked Sendable`: `session` is set before the take starts, then read on the main queue only
private final class SendRelay: @unchecked Sendable {
    weak var session: Session?
    func send() { session?.send() }
}

/// A source whose access was just established by a probe, so starting a take costs one connection, not two.
private struct ProbedSource: AudioSource {
    let base: AudioSource
    /// The microphone it records from (its `device`: nil for the default).
    let device: MicrophoneChoice
    init(_ base: PulseAudioSource) {
        self.base = base
        device = MicrophoneChoice(name: base.device)
    }
    func accessStatus() -> AccessStatus { .granted }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
    func makeCapture() throws -> AudioCapture { try base.makeCapture() }
}

/// The source a take records from, as given to the session: a name, or nil for the default.
private struct MicrophoneChoice {
    let name: String?
}
