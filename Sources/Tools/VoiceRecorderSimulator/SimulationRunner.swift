import Foundation
import VoiceRecorder
import VoiceRecorderJSON

/// Runs one session on virtual time, fed by a script, and reports every observable event as a JSON line.
///
/// The session is the real one, with the simulated source's PCM going through the real meter and a take writer:
/// a virtual one by default, or a real file writer given by the caller (`--write`). Virtual time means a script of
/// minutes runs in milliseconds, and the same script always prints the same lines.
public final class SimulationRunner {
    private let options: SimulationOptions
    private let scheduler = VirtualScheduler()
    private let session: Session
    private let microphone: VirtualMicrophone?
    private let ledger: TakeFileLedger
    private let output: (String) -> Void
    private var observation: EventObservation<SessionEvent>?
    private var touchOrigin = Point.zero
    private var touchPosition = Point.zero

    /// - Parameters:
    ///   - options: the run's options.
    ///   - writers: where takes are written; `nil` keeps them in memory.
    ///   - output: receives each JSON line (without a newline).
    public init(options: SimulationOptions, writers: TakeWriterFactory? = nil, output: @escaping (String) -> Void) {
        self.options = options
        self.output = output
        ledger = TakeFileLedger(wrapping: writers ?? VirtualTakeWriterFactory())
        let audio = SimulatedAudioSource(
            scheduler: scheduler, startDelay: options.audioStartDelay, failsToStart: options.audioStartFails)
        let scale = TextScale(options.textScale)
        let direction: LayoutDirection = options.rightToLeft ? .rightToLeft : .leftToRight
        switch options.source {
        case .simulated:
            microphone = nil
            session = Session(
                source: audio, writers: ledger, scheduler: scheduler, durations: options.durations,
                controlWidth: options.width, textScale: scale, direction: direction,
                preview: options.preview)
        case .microphone:
            let microphone = VirtualMicrophone(access: options.access, audio: audio)
            self.microphone = microphone
            session = Session(
                source: microphone, writers: ledger, scheduler: scheduler, durations: options.durations,
                controlWidth: options.width, textScale: scale, direction: direction,
                preview: options.preview)
        }
        observation = session.events.observe { [weak self] event in self?.report(event) }
    }

    /// Runs `lines` to the end and prints the summary. A take still in progress after the summary is discarded, so
    /// a run never leaves a file behind.
    public func run(_ lines: [ScriptLine]) {
        var endTime = lines.last?.time ?? 0
        for line in lines {
            scheduler.advance(to: line.time)
            if line.command == .end {
                endTime = line.time
                break
            }
            perform(line.command)
            scheduler.runDue()
        }
        scheduler.advance(to: endTime)
        emit(
            "end",
            [
                ("phase", .string(session.phase.rawValue)),
                ("capturesRunning", .integer(session.capturesRunning)),
                ("filesLeft", .integer(filesLeft)),
            ])
        observation?.cancel()
        session.cancel()
    }

    /// Files of ended takes that were neither delivered nor deleted.
    private var filesLeft: Int { ledger.openFiles - (session.phase == .idle ? 0 : 1) }

    private func perform(_ command: ScriptCommand) {
        switch command {
        case .down(let point):
            touchOrigin = point
            touchPosition = point
            session.handle(.touchDown(point, fingers: 1))
        case .move(let offset):
            touchPosition = touchOrigin + offset
            session.handle(.touchMove(touchPosition))
        case .up: session.handle(.touchUp(touchPosition))
        case .cancelTouch: session.handle(.touchCancel)
        case .start: session.start()
        case .press: session.press()
        case .release: session.release()
        case .lock: session.lock()
        case .send: session.send()
        case .cancel: session.cancel()
        case .interrupt(let interruption): session.interrupt(interruption)
        case .access(let granted): microphone?.answer(granted: granted)
        case .key(let key): session.handle(.key(key))
        case .activate: session.handle(.activate)
        case .pause: session.pause()
        case .resume: session.resume()
        case .play: session.play()
        case .pausePlayback: session.pausePlayback()
        case .seek(let seconds): session.seek(to: seconds)
        case .trim(let start, let end): session.trim(start: start, end: end)
        case .state: reportState()
        case .end: break
        }
    }

    private func reportState() {
        let elapsed = session.elapsed
        let maximum = session.durations.maximum
        let reading = ClockReading(elapsed: elapsed, maximum: maximum, messages: session.messages)
        let accessibility = AccessibilityModel.make(
            phase: session.phase, screenReader: options.screenReader, elapsed: elapsed, maximum: maximum,
            messages: session.messages)
        // Only with preview on, so the lines of runs without it stay exactly as they were.
        let preview: [(String, JSONValue)] =
            options.preview
            ? [
                ("playhead", session.playhead.map(JSONValue.number) ?? .null),
                ("keptRange", session.keptRange.map(Self.json) ?? .null),
            ] : []
        emit(
            "state",
            [
                ("phase", .string(session.phase.rawValue)),
                ("elapsed", .number(elapsed)),
                ("level", .number(session.level)),
                ("clock", .string(reading.text)),
                ("countdown", .bool(session.phase != .idle && reading.isCountdown)),
                ("micLabel", .string(accessibility.micLabel)),
                ("micHint", accessibility.micHint.map(JSONValue.string) ?? .null),
                ("capsuleValue", accessibility.capsule?.value.map(JSONValue.string) ?? .null),
                ("slide", .number(session.control.slide)),
                ("stretch", .number(session.control.stretch)),
                ("armed", .bool(session.control.isArmed)),
                ("hint", session.hint.map { .string($0.rawValue) } ?? .null),
                ("windows", .integer(session.windows.count)),
            ] + preview)
    }

    private static func json(_ range: KeptRange) -> JSONValue {
        .object([("start", .number(range.start)), ("end", .number(range.end))])
    }

    /// Every event through the one SessionEvent → JSON mapping; `sent` carries its file's `url` when files are real.
    private func report(_ event: SessionEvent) {
        guard let line = event.json(.init(url: options.writeDirectory != nil)) else { return }
        output(line.prepending([("t", .number(scheduler.now))]).text)
    }

    private func emit(_ event: String, _ fields: [(String, JSONValue)]) {
        output(JSONValue.object([("t", .number(scheduler.now)), ("event", .string(event))] + fields).text)
    }
}
