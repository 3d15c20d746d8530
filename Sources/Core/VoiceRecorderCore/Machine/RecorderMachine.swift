/// The session's rules as a value: events in, effects out (SPEC A.3, A.4, A.6, A.7, A.11, and D with `preview`).
///
/// It owns no threads, reads no clock and touches no device: the caller says what happened and when, and performs
/// the effects it returns, in order. That keeps every rule testable as a table and lets the same machine run under
/// a GTK main loop, a command-line run loop or virtual time.
public struct RecorderMachine: Sendable {
    /// The take length limits.
    public private(set) var durations: Durations
    /// Whether pause and preview (SPEC D) are on. Off, every preview event is ignored and nothing in A changes.
    public private(set) var preview: Bool
    /// The current phase.
    public internal(set) var phase: Phase = .idle
    /// What is known about microphone access.
    public private(set) var access: AccessStatus
    /// Whether an access question is open (presses and taps do nothing until it is answered).
    public private(set) var isAskingForAccess = false
    /// The number of the current take, or of the last one when idle. Takes are numbered from 1.
    public internal(set) var take = 0
    /// When the current take's audio started (after a resume, its current stretch's); `nil` before it has, while
    /// paused, or at rest.
    public internal(set) var audioStartedAt: Double?
    /// Seconds recorded in the current take's earlier stretches (before its last pause).
    public internal(set) var recordedBefore = 0.0
    /// The paused take's length, kept range, playhead and listening, while `paused`.
    public internal(set) var paused: TakePreview?
    /// When the finger (or key, or call) that began the current take went down.
    public private(set) var touchedDownAt: Double = 0
    /// When the current take began recording (the hold landed, or a hands-free start): its clock's start.
    public internal(set) var recordingStartedAt: Double?
    /// The elapsed time frozen by a stop, while `stopped`.
    private var frozenElapsed: Double?

    /// How far past the maximum the clock may run before a tick ends the take. The clock runs ahead of the audio by
    /// a capture buffer or two, and the frame count (`reachedMaximum`, which cuts the file at exactly the maximum)
    /// must end the take whenever audio flows; the tick only catches audio that stopped arriving.
    public static let maximumClockGrace = 0.25

    public init(durations: Durations = Durations(), access: AccessStatus = .granted, preview: Bool = false) {
        self.durations = durations
        self.access = access
        self.preview = preview
    }

    /// Changes the take length limits and pause and preview, at rest only: a take keeps the rules it began with.
    /// Returns whether they were changed (false during a take: the caller applies them once it has ended).
    public mutating func reconfigure(durations: Durations, preview: Bool) -> Bool {
        guard phase == .idle else { return false }
        self.durations = durations
        self.preview = preview
        return true
    }

    /// Seconds of audio in the current take at `now`: counted from when audio actually started, frozen while
    /// stopped, the take's length while paused, zero at rest or before the audio starts. After a resume it goes on
    /// from the take's length (SPEC D.2).
    public func elapsed(at now: Double) -> Double {
        if phase == .stopped, let frozenElapsed { return frozenElapsed }
        if phase == .paused { return paused?.length ?? recordedBefore }
        guard phase.isRecording else { return 0 }
        guard let audioStartedAt else { return recordedBefore }
        return recordedBefore + max(0, now - audioStartedAt)
    }

    /// The take's clock as the capsule shows it (SPEC A.3): from the hold's own time while its first stretch records,
    /// so it runs even while a microphone slow to start has sent nothing (a Bluetooth headset switching profile takes
    /// seconds), and otherwise `elapsed`. Never behind `elapsed`; ahead of it by the microphone's start (a few
    /// milliseconds for most).
    public func clock(at now: Double) -> Double {
        guard phase.isRecording, recordedBefore == 0, let start = recordingStartedAt else { return elapsed(at: now) }
        return max(elapsed(at: now), now - start)
    }

    /// Whether the current take holds audio (its current stretch started, or an earlier one recorded some).
    var hasAudio: Bool { audioStartedAt != nil || recordedBefore > 0 }

    /// Whether the current take's audio has started.
    public var isAudioStarted: Bool { phase != .idle && audioStartedAt != nil }

    /// Applies `event`, which happened at `now` (seconds on the caller's monotonic clock), and returns the effects
    /// to perform, in order. Events that make no sense in the current phase return no effects.
    public mutating func handle(_ event: RecorderEvent, at now: Double) -> [RecorderEffect] {
        switch event {
        case .press(let touchedDownAt):
            return phase == .idle ? begin(handsFree: false, touchedDownAt: touchedDownAt, now: now) : []
        case .start:
            return phase == .idle ? begin(handsFree: true, touchedDownAt: now, now: now) : []
        case .tap:
            return phase == .idle ? tapAtRest() : []
        case .release:
            return phase == .holding ? finish(atMaximum: false, now: now) : []
        case .lock:
            guard phase == .holding else { return [] }
            phase = .locked
            return [.phaseChanged(.locked), .feedback(.rigid)]
        case .send:
            if phase == .paused { return sendPaused(now: now) }
            return phase == .idle ? [] : finish(atMaximum: false, now: now)
        case .cancel:
            return phase == .idle ? [] : discard(.cancelled) + [.feedback(.warning)]
        case .audioStarted(let started):
            if started == take, phase.isRecording, audioStartedAt == nil { audioStartedAt = now }
            return []
        case .audioFailed(let failed):
            guard failed == take, phase.isRecording else { return [] }
            // A start that never happened discards; a capture that broke mid-take is a lost route.
            return hasAudio ? interrupt(.routeLost, now: now) : interruptedDiscard()
        case .writeFailed(let failed):
            guard failed == take, phase.isRecording else { return [] }
            // The file cannot grow, but what it holds is the person's audio: keep it for Send or Delete.
            return hasAudio ? stopAndKeep(now: now) : interruptedDiscard()
        case .interrupted(let interruption):
            return interrupt(interruption, now: now)
        case .touchCancelled:
            guard phase == .holding else { return [] }
            return preview ? keepInterruptedHold(now: now) : interruptedDiscard()
        case .accessAnswered(let granted):
            guard isAskingForAccess else { return [] }
            isAskingForAccess = false
            access = granted ? .granted : .denied
            return hint(granted ? .hold : .accessOff)
        case .accessChecked(let status):
            if !isAskingForAccess { access = status }
            return []
        case .reachedMaximum(let full):
            guard full == take, phase.isRecording, audioStartedAt != nil else { return [] }
            return finish(atMaximum: true, now: now)
        case .tick:
            if phase == .paused { return listeningTick(now: now) }
            guard phase.isRecording, audioStartedAt != nil,
                elapsed(at: now) >= durations.maximum + Self.maximumClockGrace
            else { return [] }
            return finish(atMaximum: true, now: now)
        case .pause, .resume, .play, .pausePlayback, .togglePlayback, .seek, .trim, .measuredLength,
            .playbackPosition, .playbackEnded:
            return preview ? handlePreview(event, at: now) : []
        }
    }

    // MARK: - Transitions

    private mutating func begin(handsFree: Bool, touchedDownAt: Double, now: Double) -> [RecorderEffect] {
        guard !isAskingForAccess else { return [] }
        switch access {
        case .granted:
            take += 1
            phase = handsFree ? .locked : .holding
            audioStartedAt = nil
            recordedBefore = 0
            paused = nil
            frozenElapsed = nil
            self.touchedDownAt = touchedDownAt
            recordingStartedAt = now
            var effects: [RecorderEffect] = [
                .hideHint, .phaseChanged(phase), .startCapture(take: take), .feedback(.medium),
            ]
            if handsFree { effects.append(.announce(.recordingStarted)) }
            return effects
        case .undetermined:
            isAskingForAccess = true
            return [.requestAccess]
        case .denied:
            return hint(.accessOff)
        case .undeclared:
            // Asking without a declared reason would end the app on iOS, so it never asks.
            return hint(.accessOff) + [.remindToDeclareMicrophoneUsage]
        }
    }

    private mutating func tapAtRest() -> [RecorderEffect] {
        guard !isAskingForAccess else { return [] }
        switch access {
        case .granted: return hint(.hold)
        case .undetermined:
            isAskingForAccess = true
            return [.requestAccess]
        case .denied: return hint(.accessOff)
        case .undeclared: return hint(.accessOff) + [.remindToDeclareMicrophoneUsage]
        }
    }

    /// Whether ending the take at `now` makes it too short (SPEC A.4).
    func isTooShort(at now: Double) -> Bool {
        let recorded = elapsed(at: now)
        let held = now - touchedDownAt
        // Judged by how long the finger was held too, so a slow microphone start never turns a real hold into a hint.
        return !hasAudio || (held < durations.minimum && recorded < durations.minimum)
    }

    mutating func finish(atMaximum: Bool, now: Double) -> [RecorderEffect] {
        if !hasAudio, now - touchedDownAt >= durations.minimum {
            // Held long enough, but the microphone never sent a buffer (slow to start, or dead): not the person's
            // doing, so not "too short" and not the hold hint.
            let silent = take
            return [.noSound(take: silent)] + discard(.interrupted) + hint(.stopped)
        }
        if isTooShort(at: now) { return discard(.tooShort) + hint(.hold) }
        let finished = take
        end()
        return [
            .phaseChanged(.idle), .deliver(take: finished, atMaximum: atMaximum),
            .feedback(atMaximum ? .success : .light),
        ]
    }

    private mutating func interrupt(_ interruption: Interruption, now: Double) -> [RecorderEffect] {
        switch phase {
        case .paused:
            return interruptPaused(interruption, now: now)
        case .idle, .stopped:
            // A stopped take is already safe; disabling the control still deletes it, as Delete would.
            return phase == .stopped && interruption == .disabled ? discard(.cancelled) + [.feedback(.warning)] : []
        case .holding, .locked:
            if interruption == .disabled { return discard(.cancelled) + [.feedback(.warning)] }
            if preview { return phase == .holding ? keepInterruptedHold(now: now) : keepInterruptedHandsFree(now: now) }
            // A held take, or a hands-free one whose audio never started, has nothing worth keeping.
            if phase == .holding || audioStartedAt == nil { return interruptedDiscard() }
            return stopAndKeep(now: now)
        }
    }

    private mutating func stopAndKeep(now: Double) -> [RecorderEffect] {
        // With preview on a kept take is paused, so `stopped` is never reached (SPEC D.6).
        if preview { return pauseAndKeep(now: now) + hint(.stopped) }
        frozenElapsed = elapsed(at: now)
        phase = .stopped
        return [.phaseChanged(.stopped), .stopCapture(take: take)] + hint(.stopped)
    }

    mutating func interruptedDiscard() -> [RecorderEffect] {
        discard(.interrupted) + hint(.stopped)
    }

    mutating func discard(_ reason: DiscardReason) -> [RecorderEffect] {
        let discarded = take
        let stopListening = stopListeningEffects()
        end()
        return stopListening + [.phaseChanged(.idle), .discard(take: discarded, reason: reason)]
    }

    mutating func end() {
        phase = .idle
        audioStartedAt = nil
        recordingStartedAt = nil
        recordedBefore = 0
        paused = nil
        frozenElapsed = nil
    }

    func hint(_ kind: HintKind) -> [RecorderEffect] {
        [.showHint(kind), .feedback(.soft), .announce(.hint(kind))]
    }
}
