import Foundation
import VoiceRecorderCore

/// Drives one hold-to-record control (SPEC A.11): owns the recorder machine, runs its effects (capture, file,
/// hints, feedback) and publishes `phase`, `level` and `elapsed` for the UI to read about 30 times a second.
/// With `preview` on, a take can also pause, be listened to, trimmed and resumed before it is sent (SPEC D; see
/// `Session+Preview.swift`).
///
/// A session lives on its scheduler's thread: call it from there (the UI thread), and it calls you back there.
/// Capture threads only meter and write; everything else hops onto the scheduler.
///
/// ```swift
/// let session = Session(source: .simulated(scheduler), writers: M4ATakeWriterFactory(), scheduler: scheduler)
/// session.events.observe { event in
///     if case .sent(let recording, _) = event { upload(recording.url) }
/// }
/// session.start()        // hands-free
/// session.send()
/// ```
/// `@unchecked Sendable`: its state is touched on its scheduler's thread only; capture threads `post` there
public final class Session: @unchecked Sendable {
    /// The current phase.
    public private(set) var phase: Phase = .idle
    /// The live input loudness 0…1, smoothed; zero at rest (SPEC A.9).
    public internal(set) var level = 0.0
    /// The 50 ms window loudnesses of the current take so far (what the bars draw), oldest first.
    public internal(set) var windows: [Double] = []
    /// The hint that is out, if any.
    public internal(set) var hint: HintKind?
    /// Texts shown and spoken.
    public var messages: Messages
    /// The take length limits.
    public var durations: Durations { machine.durations }
    /// The gesture state of the control this session drives (slide, stretch, armed).
    public internal(set) var control: RecorderControl

    /// Everything the session does, in order, for any number of observers: each sent take once (`.sent`), each
    /// discarded one once (`.cancelled`, never for a too-short take, which is `.tooShort`), and every phase, hint,
    /// haptic and announcement between.
    public let events = EventStream<SessionEvent>()

    /// The file the next take is written as (SPEC G): AAC (the default) or Opus. Takes under way keep theirs. It
    /// takes effect with writers that make both (`TakeWriters`); others always write their own.
    public var format: TakeFormat = .default

    /// How often the meter is read while recording: `.drawn` (the default) for a screen, `.unseen` where nothing
    /// shows the level (a script's take), which costs the process a sixth of the wake-ups. Takes effect at the next
    /// reading.
    public var liveUpdates: LiveUpdates = .drawn

    /// Where takes come from; `chooseMicrophone` replaces it for later takes.
    var source: AudioSource
    private let writers: TakeWriterFactory
    /// Plays paused takes (SPEC D.3): the app's player, or a silent one on the scheduler's clock.
    let players: TakePlayers
    /// The session's thread and clock.
    public let scheduler: SessionScheduler
    var machine: RecorderMachine
    var smoother = LevelSmoother()
    var pipelines: [Int: TakePipeline] = [:]
    /// The capture opened paused at touch-down for the hold that may land (see `Session+PreparedCapture.swift`).
    var preparedCapture: AudioCapture?
    /// The playback of the paused take being listened to, if any.
    var playback: TakePlayback?
    var ticker: ScheduledAction?
    var hintTimer: ScheduledAction?
    var holdTimer: ScheduledAction?
    private var pendingEvents: [RecorderEvent] = []
    /// The microphone's warning rule, the sources as last listed, the one chosen and the following of them (SPEC F;
    /// see `Session+Microphone.swift`).
    var microphoneRule = MicrophoneWarningRule()
    var microphoneList: [Microphone] = []
    var chosenMicrophone: String?
    var microphoneFollowing: MicrophoneFollowing?
    private var isApplying = false
    /// Limits and preview asked for during a take, applied when it ends.
    private var pendingConfiguration: (durations: Durations, preview: Bool)?

    /// A session recording from `source` into files made by `writers`, on `scheduler`'s thread and clock.
    ///
    /// `preview` turns on pause and preview (SPEC D; off by default, and then nothing of A changes); `players`
    /// plays a paused take's file while listening (nil: a silent player that keeps time on the scheduler's clock).
    public init(
        source: some AudioSource, writers: TakeWriterFactory, scheduler: SessionScheduler,
        durations: Durations = Durations(), messages: Messages = Messages(),
        controlWidth: Double = 390, style: Style = Style(), textScale: TextScale = TextScale(1),
        direction: LayoutDirection = .leftToRight, preview: Bool = false, players: TakePlayers? = nil
    ) {
        self.source = source
        self.writers = writers
        self.scheduler = scheduler
        self.messages = messages
        self.players = players ?? ClockTakePlayers(scheduler: scheduler)
        machine = RecorderMachine(durations: durations, access: source.accessStatus(), preview: preview)
        control = RecorderControl(
            width: controlWidth, side: style.side(textScale), scale: textScale, direction: direction)
        // What takes a while to find out (a sound server's answer) is found out off this thread and arrives as an
        // event, so making a session never waits on a device.
        source.checkAccess { [weak self] status in
            scheduler.post { [weak self] in self?.apply(.accessChecked(status)) }
        }
    }

    /// A prepared capture never outlives its session (the session cannot hand it to a take any more).
    deinit {
        preparedCapture?.stop()
        microphoneFollowing?.stop()
    }

    // MARK: - Reading

    /// Seconds in this take, counted from when audio actually started; frozen while stopped; the take's length
    /// while paused (and going on from there after a resume).
    public var elapsed: Double { machine.elapsed(at: scheduler.now) }
    /// The take's clock as the capsule shows it: `elapsed`, but from the hold's own time while the take's first
    /// stretch records, so it runs while a slow microphone has sent nothing yet.
    public var clock: Double { machine.clock(at: scheduler.now) }
    /// Whether a take is recording (holding or locked).
    public var isRecording: Bool { phase.isRecording }
    /// How many captures are running (at most one; zero at rest).
    public var capturesRunning: Int { pipelines.values.filter(\.isCapturing).count }
    /// What is known about microphone access.
    public var access: AccessStatus { machine.access }

    // MARK: - Driving from code

    /// A hands-free take at once (what a screen reader's double tap does); asks for access first if needed.
    public func start() { apply(.start) }
    /// Push-to-talk from the app's own control: recording while pressed.
    public func press() { apply(.press(touchedDownAt: scheduler.now)) }
    /// Ends a `press()`: sends, or drops the take as too short.
    public func release() { apply(.release) }
    /// Held → hands-free.
    public func lock() { apply(.lock) }
    /// Finishes and sends, from held, hands-free or stopped.
    public func send() { apply(.send) }
    /// Discards the take and deletes its file, then publishes `.cancelled`.
    public func cancel() { apply(.cancel) }
    /// Reports an interruption (SPEC A.6): the take ends or stops as the policy says.
    public func interrupt(_ interruption: Interruption) { apply(.interrupted(interruption)) }

    /// Changes the take length limits and pause and preview (`preview`) for the next take. At rest they change at
    /// once; during a take they change when it has ended, before its `.phase(.idle)` is published: a take keeps the
    /// rules it began with.
    public func reconfigure(durations: Durations, preview: Bool) {
        scheduler.assertOnSessionThread()
        pendingConfiguration = (durations, preview)
        applyPendingConfiguration()
    }

    /// Feeds one control input (a touch, a key, a screen-reader activation), as the widget sees it.
    public func handle(_ input: RecorderControl.Input) {
        scheduler.assertOnSessionThread()
        perform(control.handle(input, phase: phase, at: scheduler.now))
        scheduleHoldIfPending()
        preparePendingHold()
    }

    /// Updates the control's geometry (the reaches depend on it).
    public func resizeControl(width: Double, style: Style = Style(), textScale: TextScale, direction: LayoutDirection) {
        scheduler.assertOnSessionThread()
        control.resize(width: width, side: style.side(textScale), scale: textScale, direction: direction)
    }

    // MARK: - The machine

    func apply(_ event: RecorderEvent) {
        scheduler.assertOnSessionThread()
        pendingEvents.append(event)
        // Effects can call back into the session (an app sending from its observer of a discard, say): queue, don't nest.
        guard !isApplying else { return }
        isApplying = true
        defer { isApplying = false }
        while !pendingEvents.isEmpty {
            let next = pendingEvents.removeFirst()
            for effect in machine.handle(next, at: scheduler.now) { perform(effect) }
        }
    }

    func perform(_ actions: [RecorderControl.Action]) {
        for action in actions {
            switch action {
            case .session(let event): apply(event)
            case .feedback(let feedback): emit(.feedback(feedback))
            case .pressed(let pressed): emit(.pressed(pressed))
            case .passThrough: emit(.passThrough)
            case .springHome(let velocity): emit(.springHome(velocity: velocity))
            }
        }
    }

    private func perform(_ effect: RecorderEffect) {
        switch effect {
        case .phaseChanged(let newPhase):
            let oldPhase = phase
            phase = newPhase
            if newPhase == .idle {
                control.noteTakeEnded()
                applyPendingConfiguration()
            }
            updateTicker()
            emit(.phase(newPhase))
            microphonePhaseChanged(from: oldPhase, to: newPhase)
        case .requestAccess:
            emit(.accessRequested)
            let scheduler = self.scheduler
            source.requestAccess { [weak self] granted in
                scheduler.post { [weak self] in self?.apply(.accessAnswered(granted: granted)) }
            }
        case .remindToDeclareMicrophoneUsage:
            emit(.missingMicrophoneUsageDeclaration)
        case .startCapture(let take):
            startCapture(take)
        case .stopCapture(let take):
            pipelines[take]?.stopCapture()
            level = 0
            smoother.reset()
            if phase == .paused { keepPaused(take) }
        case .resumeCapture(let take):
            resumeCapture(take)
        case .startPlayback(let take, let from, let until):
            startPlayback(take, from: from, until: until)
        case .stopPlayback:
            stopPlayback()
        case .deliver(let take, let atMaximum):
            deliver(take, atMaximum: atMaximum)
        case .deliverKept(let take, let kept):
            deliver(take, atMaximum: false, kept: kept)
        case .discard(let take, let reason):
            discard(take, reason: reason)
        case .noSound:
            let microphone = takeMicrophone?.description ?? tr("the microphone")
            emit(
                .failure(
                    SessionFailure(
                        .noSound, tr("No sound was recorded from {microphone}").filling(["microphone": microphone]))))
        case .feedback(let feedback):
            emit(.feedback(feedback))
        case .showHint(let kind):
            showHint(kind)
        case .hideHint:
            hideHint()
        case .announce(let announcement):
            switch announcement {
            case .recordingStarted: emit(.announce(messages.recording))
            case .hint(let kind): emit(.announce(messages.hintAnnouncement(for: kind)))
            }
        }
    }

    // MARK: - Takes

    private func startCapture(_ take: Int) {
        windows = []
        smoother.reset()
        level = 0
        let writer: TakeWriter
        let capture: AudioCapture
        do {
            capture = try takePreparedCapture() ?? source.makeCapture()
        } catch {
            emit(
                .failure(
                    SessionFailure(
                        .microphone, tr("Could not start the microphone: {reason}").filling(["reason": "\(error)"]))))
            return scheduler.post { [weak self] in self?.apply(.audioFailed(take: take)) }
        }
        // The microphone connects (off this thread) while the file and its encoder are set up: a take begun
        // without a touch-down (a hands-free start, `press()`) waits for the slower of the two, not for both.
        capture.prepare()
        do {
            writer = try writers.makeWriter(format: format)
        } catch {
            capture.stop()
            emit(
                .failure(
                    .file(
                        tr("Could not create the recording's file: {reason}").filling(["reason": "\(error)"]),
                        error: error)))
            return scheduler.post { [weak self] in self?.apply(.audioFailed(take: take)) }
        }
        let pipeline = TakePipeline(
            take: take, writer: writer, capture: capture, maximumDuration: durations.maximum,
            keepsBlockPeaks: machine.preview)
        pipelines[take] = pipeline
        run(capture, into: pipeline)
    }

    /// Starts `capture`, feeding `pipeline`; its news hops onto the session's thread.
    func run(_ capture: AudioCapture, into pipeline: TakePipeline) {
        let take = pipeline.take
        let scheduler = self.scheduler
        capture.start { [weak self, weak pipeline] event in
            switch event {
            case .samples(let samples):
                switch pipeline?.consume(samples) {
                case .failed(let error): scheduler.post { [weak self] in self?.fileFailed(take, error) }
                case .full: scheduler.post { [weak self] in self?.apply(.reachedMaximum(take: take)) }
                case .written, .ignored, nil: break
                }
            case .started:
                scheduler.post { [weak self] in
                    self?.apply(.audioStarted(take: take))
                    self?.microphoneAudioStarted()
                }
            case .failed(let message):
                scheduler.post { [weak self] in self?.captureFailed(take, message) }
            case .interrupted(let interruption):
                scheduler.post { [weak self] in self?.captureInterrupted(take, interruption) }
            }
        }
    }

    func fileFailed(_ take: Int, _ error: Error) {
        guard take == machine.take, phase.isRecording else { return }
        pipelines[take]?.stopCapture()
        emit(
            .failure(
                .file(
                    tr("The recording could not be written further: {reason}. What was recorded is kept.").filling([
                        "reason": "\(error)"
                    ]), error: error))
        )
        apply(.writeFailed(take: take))
    }

    private func captureFailed(_ take: Int, _ message: String) {
        guard take == machine.take, phase.isRecording else { return }
        emit(.failure(SessionFailure(.microphone, message)))
        apply(.audioFailed(take: take))
    }

    private func captureInterrupted(_ take: Int, _ interruption: Interruption) {
        // News from a take that already ended is old news.
        guard take == machine.take, phase.isRecording else { return }
        apply(.interrupted(interruption))
    }

    func emit(_ event: SessionEvent) { events.publish(event) }

    private func applyPendingConfiguration() {
        guard let pending = pendingConfiguration,
            machine.reconfigure(durations: pending.durations, preview: pending.preview)
        else { return }
        pendingConfiguration = nil
    }
}
