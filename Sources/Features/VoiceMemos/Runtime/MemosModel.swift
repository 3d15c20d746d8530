import Foundation
import Synchronization
import VoiceRecorder

/// Runs the memos: owns the `MemosMachine`, performs its effects through the `Dependencies`, and feeds what they
/// answer back in. Front ends send it actions and draw its `state` (told of each change by `onChange`).
///
/// It lives on its scheduler's thread, like a `Session`: call it from there, and it calls back there. Whatever
/// answers on another thread (a player's position, an access answer) is hopped onto the scheduler first.
///
/// ```swift
/// let model = MemosModel(dependencies: .live(scheduler: scheduler, library: store, recorder: SessionRecorder(session),
///                                            player: player, access: SourceMicrophoneAccess(source)))
/// model.onChange = { state in window.show(state) }
/// model.start()
/// model.send(.playTapped(memo.id))
/// ```
/// `@unchecked Sendable`: used on its scheduler's thread only (asserted in `send`); answers hop there first
public final class MemosModel: @unchecked Sendable {
    /// What the window shows.
    public var state: MemosState { machine.state }
    /// Hears about every change, once per action sent (with everything it led to), on the scheduler's thread.
    public var onChange: ((MemosState) -> Void)?
    /// What it runs on.
    public let dependencies: Dependencies

    private var machine: MemosMachine
    private var timers: [MemosTimer: ScheduledAction] = [:]
    private var plays: [Int: ActivePlay] = [:]
    private var transcriptions: [Int: TranscriptionJob] = [:]
    /// The take's live transcript, while one is recorded (SPEC K).
    private var liveTranscription: LiveTranscription?
    private var pending: [MemosAction] = []
    private var isApplying = false

    /// A model on `dependencies`, with the access status and the remembered speed read; nothing is opened until
    /// `start()`.
    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
        machine = MemosMachine(
            state: MemosState(
                access: dependencies.access.status(),
                speed: dependencies.settings.playbackSpeed(),
                skipsSilence: dependencies.settings.skipsSilence()))
    }

    deinit {
        for timer in timers.values { timer.cancel() }
        for play in plays.values { play.stop() }
        for job in transcriptions.values { job.cancel() }
        liveTranscription?.cancel()
    }

    /// Starts hearing the recorder's reports and opens the library. Started once the window is made, the model
    /// hears of each take after the control (which follows the same session events) has drawn it.
    public func start() {
        dependencies.recorder.setReportHandler { [weak self] report in self?.send(.recorder(report)) }
        if let transcriber = dependencies.transcriber {
            send(transcriber.unavailableReason.map { .transcriberUnavailable($0) } ?? .transcriberAvailable)
        }
        send(.start)
    }

    /// The title a memo shows: its own, or its placeholder (SPEC B.3).
    public func displayTitle(of memo: Memo) -> String { MemoTitle.displayTitle(of: memo) }

    /// Applies `action` and everything it leads to, then tells `onChange`.
    public func send(_ action: MemosAction) {
        dependencies.scheduler.assertOnSessionThread()
        pending.append(action)
        // An effect's answer (or a recorder report made while an effect runs) waits its turn instead of nesting.
        guard !isApplying else { return }
        isApplying = true
        while !pending.isEmpty {
            let next = pending.removeFirst()
            let now = MemosTime(uptime: dependencies.scheduler.now, date: dependencies.date())
            for effect in machine.handle(next, at: now) { perform(effect) }
        }
        isApplying = false
        onChange?(machine.state)
    }

    /// The person did something in the window (a key, a click, a scroll): older memos' transcription waits (SPEC
    /// E.1). Nothing changes on screen, so unlike `send` it tells no `onChange`: a scroll's many events cost nothing.
    public func personActive() {
        dependencies.scheduler.assertOnSessionThread()
        let now = MemosTime(uptime: dependencies.scheduler.now, date: dependencies.date())
        for effect in machine.handle(.personActive, at: now) { perform(effect) }
    }

    // MARK: - Effects

    private func perform(_ effect: MemosEffect) {
        let library = dependencies.library
        switch effect {
        case .openLibrary:
            onLibrary { () throws -> MemosAction in
                if let first = try library.firstScreen(limit: MemosTiming.firstScreenCount) {
                    return .firstScreenRead(first)
                }
                return .libraryOpened(try library.open())
            } failed: {
                .libraryFailedToOpen(tr("The memo library could not be opened: {reason}").filling(["reason": $0]))
            }
        case .finishOpening:
            onLibrary {
                .libraryOpened(try library.open())
            } failed: {
                .libraryFailedToOpen(tr("The memo library could not be opened: {reason}").filling(["reason": $0]))
            }
        case .keep(let recording, let date, let isRecovered):
            let id = dependencies.uuid()
            onLibrary {
                .kept(try library.keep(recording, id: id, date: date, title: "", isRecovered: isRecovered))
            } failed: {
                .operationFailed(tr("The recording could not be kept: {reason}").filling(["reason": $0]))
            }
        case .importFile(let url):
            guard let importer = dependencies.importer else { return }
            let id = dependencies.uuid()
            dependencies.work.run { () -> MemosAction in
                do { return .imported(try importer.importFile(url, id: id)) } catch {
                    return .importFailed(file: url.lastPathComponent, reason: Self.describe(error))
                }
            } then: { [weak self] action in
                self?.send(action)
            }
        case .saveEnhanced(let id, let enhanced):
            onLibrary(tr("Enhance could not be saved")) { try library.setEnhanced(enhanced, of: id) }
        case .saveTitle(let id, let title):
            onLibrary(tr("The title could not be saved")) { try library.rename(id, to: title) }
        case .moveToRecentlyDeleted(let id, let date):
            onLibrary(tr("The memo could not be deleted")) { try library.delete(id, at: date) }
        case .restore(let id):
            onLibrary(tr("The memo could not be restored")) { try library.restore(id) }
        case .deleteForever(let id):
            onLibrary(tr("The memo could not be deleted")) { try library.deleteForever(id) }
        case .saveEdit(let id, let plan, let kind):
            onLibrary {
                .editSaved(try library.saveEdit(id, keeping: plan), kind)
            } failed: {
                .editFailed(tr("The memo could not be saved: {reason}").filling(["reason": $0]))
            }
        case .revertMemo(let id):
            onLibrary {
                .editSaved(try library.revert(id), .reverted)
            } failed: {
                .editFailed(tr("The original could not be brought back: {reason}").filling(["reason": $0]))
            }
        case .undoEdit(let saved):
            onLibrary {
                .editSaved(try library.undo(saved), .undone)
            } failed: {
                .editFailed(tr("The edit could not be undone: {reason}").filling(["reason": $0]))
            }

        case .checkAccess:
            send(.accessChecked(dependencies.access.status()))
        case .requestAccess:
            let scheduler = dependencies.scheduler
            dependencies.access.request { [weak self] granted in
                scheduler.post { [weak self] in self?.send(.accessAnswered(granted: granted)) }
            }
        case .startRecording: dependencies.recorder.start()
        case .sendRecording: dependencies.recorder.send()
        case .cancelRecording: dependencies.recorder.cancel()
        case .readRecordingElapsed: send(.recordingElapsed(dependencies.recorder.elapsed))
        case .startLiveTranscript(let take):
            liveTranscription?.cancel()
            let scheduler = dependencies.scheduler
            liveTranscription = dependencies.liveTranscriber?.start { [weak self] update in
                scheduler.post { [weak self] in self?.send(.liveTranscript(update, take: take)) }
            }
        case .stopLiveTranscript:
            liveTranscription?.cancel()
            liveTranscription = nil

        case .play(let id, let from, let rate, let number, let enhanced):
            play(library.fileURL(of: id), from: from, rate: rate, enhanced: enhanced, number: number)
        case .playKept(let id, let kept, let from, let rate, let number, let enhanced):
            play(library.fileURL(of: id), from: from, rate: rate, enhanced: enhanced, keeping: kept, number: number)
        case .findSilences(let id):
            let url = library.fileURL(of: id)
            let player = dependencies.player
            dependencies.work.run { () -> MemosAction in
                .silencesFound(id, try? player.silenceSkips(of: url))
            } then: { [weak self] action in
                self?.send(action)
            }
        case .saveSkipsSilence(let skips):
            attempt(tr("Skip Silence could not be remembered")) { try dependencies.settings.saveSkipsSilence(skips) }
        case .stopPlayback(let number):
            plays.removeValue(forKey: number)?.stop()
        case .seekPlayback(let number, let position):
            plays[number]?.seek(to: position)
        case .setPlaybackRate(let number, let rate):
            plays[number]?.playback?.setRate(rate)
        case .saveSpeed(let speed):
            attempt(tr("The playback speed could not be remembered")) {
                try dependencies.settings.savePlaybackSpeed(speed)
            }

        case .transcribe(let id, let number):
            let scheduler = dependencies.scheduler
            transcriptions[number] = dependencies.transcriber?.transcribe(library.fileURL(of: id)) {
                [weak self] report in
                scheduler.post { [weak self] in self?.transcriptionReported(report, job: number) }
            }
        case .pauseTranscription(let number): transcriptions[number]?.pause()
        case .resumeTranscription(let number): transcriptions[number]?.resume()
        case .cancelTranscription(let number): transcriptions.removeValue(forKey: number)?.cancel()
        case .saveTranscript(let id, let transcript):
            quietly { .transcriptSaved(id, try library.saveTranscript(transcript, of: id)) }
        case .saveTranscriptFailure(let id, let reason):
            quietly { .transcriptSaved(id, try library.saveTranscriptFailure(reason, of: id)) }
        case .search(let query):
            quietly { .searchAnswered(query, try library.search(query)) }
        case .loadTranscript(let id):
            quietly { .transcriptLoaded(id, try library.transcript(of: id)) }

        case .openSettings:
            attempt(tr("The sound settings could not be opened")) { try dependencies.openSettings() }
        case .schedule(let timer, let delay):
            timers.removeValue(forKey: timer)?.cancel()
            timers[timer] = dependencies.scheduler.schedule(after: delay) { [weak self] in
                guard let self else { return }
                self.timers[timer] = nil
                self.send(.timerFired(timer))
            }
        case .cancelTimer(let timer):
            timers.removeValue(forKey: timer)?.cancel()
        }
    }

    private func play(
        _ url: URL, from position: Double, rate: Double, enhanced: Bool, keeping kept: [Range<Int>]? = nil,
        number: Int
    ) {
        let active = ActivePlay(number: number)
        plays[number] = active
        let scheduler = dependencies.scheduler
        let reports: @Sendable (PlaybackReport) -> Void = { [weak self] report in
            // Tagged where it is made (the player's thread), so a position from before a seek is recognised.
            let tag = active.tag
            scheduler.post { [weak self] in self?.send(.player(report, tag)) }
        }
        do {
            active.playback =
                if let kept {
                    try dependencies.player.play(
                        url, keeping: kept, from: position, rate: rate, enhanced: enhanced, reports: reports)
                } else {
                    try dependencies.player.play(url, from: position, rate: rate, enhanced: enhanced, reports: reports)
                }
        } catch {
            send(.player(.failed(describe(error)), PlaybackTag(play: number)))
        }
    }

    /// A job's report; its end lets go of the job.
    private func transcriptionReported(_ report: TranscriptionReport, job number: Int) {
        if case .progress = report {} else { transcriptions[number] = nil }
        send(.transcription(report, job: number))
    }

    /// Runs one library call about transcripts on the background work. A failure says nothing: a transcript is
    /// made from the memo's audio, so one not stored is made again at the next start, and a search or a
    /// transcript view that can't be read shows nothing rather than an alert over the list.
    private func quietly(_ call: @escaping @Sendable () throws -> MemosAction) {
        dependencies.work.run { () -> MemosAction? in
            try? call()
        } then: { [weak self] action in
            if let action { self?.send(action) }
        }
    }

    /// Runs one settings call; a failure becomes an alert saying what could not be done and why.
    private func attempt(_ what: String, _ call: () throws -> Void) {
        do { try call() } catch { send(.operationFailed("\(what): \(describe(error))")) }
    }

    /// Runs one library call on the background work (never on this thread: the disk may be slow) and sends the
    /// action it answers, or what `failed` makes of the error in words, back here.
    private func onLibrary(
        _ call: @escaping @Sendable () throws -> MemosAction, failed: @escaping @Sendable (String) -> MemosAction
    ) {
        dependencies.work.run {
            do { return try call() } catch { return failed(Self.describe(error)) }
        } then: { [weak self] action in
            self?.send(action)
        }
    }

    /// Runs one library call that answers nothing on the background work; a failure becomes an alert saying what
    /// could not be done and why.
    private func onLibrary(_ what: String, _ call: @escaping @Sendable () throws -> Void) {
        dependencies.work.run { () -> MemosAction? in
            do {
                try call()
                return nil
            } catch {
                return .operationFailed("\(what): \(Self.describe(error))")
            }
        } then: { [weak self] action in
            if let action { self?.send(action) }
        }
    }

    private func describe(_ error: Error) -> String { Self.describe(error) }

    private static func describe(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// One play the runtime holds: its playback, and how many seeks it has done (shared with the player's thread,
/// which tags each report with it).
private final class ActivePlay: Sendable {
    let number: Int
    private let state = Mutex<(seeks: Int, current: MemoPlayback?)>((0, nil))

    init(number: Int) { self.number = number }

    var playback: MemoPlayback? {
        get { state.withLock { $0.current } }
        set { state.withLock { $0.current = newValue } }
    }

    var tag: PlaybackTag { state.withLock { PlaybackTag(play: number, seek: $0.seeks) } }

    /// Seeks, then counts the seek: a report made once the seek has returned is from the new position and carries
    /// the new count, as the model expects.
    func seek(to position: Double) {
        playback?.seek(to: position)
        state.withLock { $0.seeks += 1 }
    }

    /// Stops the audio and lets go of the playback (which holds the report closure, which holds this).
    func stop() {
        let playback = state.withLock { state -> MemoPlayback? in
            defer { state.current = nil }
            return state.current
        }
        playback?.stop()
    }
}
