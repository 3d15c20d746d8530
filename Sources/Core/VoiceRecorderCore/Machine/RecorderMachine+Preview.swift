/// Pause and preview (SPEC D): the paused phase, listening, seeking, trimming, and sending only the kept range.
/// Only reached when the machine was made with `preview: true`.
extension RecorderMachine {
    /// How far past the kept range's end the clock may run while listening before a tick ends the listening. The
    /// player's own end (`.playbackEnded`) normally comes first; the clock only catches a player that went quiet.
    public static let listeningClockGrace = 0.25

    /// The kept range of the paused take (SPEC D.4); nil unless paused.
    public var keptRange: KeptRange? { paused?.kept }
    /// Whether the paused take is being listened to.
    public var isListening: Bool { paused?.isListening ?? false }
    /// The playhead of the paused take at `now`, in seconds of the take; nil unless paused.
    public func playhead(at now: Double) -> Double? { paused?.playhead(at: now) }

    /// The shortest range a trim may leave: the minimum duration, never under 0.1 s.
    var shortestKept: Double { max(durations.minimum, KeptRange.shortest) }

    mutating func handlePreview(_ event: RecorderEvent, at now: Double) -> [RecorderEffect] {
        switch event {
        case .pause:
            guard phase.isRecording, hasAudio else { return [] }
            return pauseAndKeep(now: now) + [.feedback(.selection)]
        case .resume:
            guard phase == .paused else { return [] }
            let stopListening = stopListeningEffects()
            recordedBefore = paused?.length ?? recordedBefore
            paused = nil
            audioStartedAt = nil
            // After a pause the clock is the take's length going on (SPEC D.2), not the hold's time.
            recordingStartedAt = nil
            phase = .locked
            return stopListening + [.phaseChanged(.locked), .resumeCapture(take: take), .feedback(.selection)]
        case .play:
            guard var preview = paused, !preview.isListening else { return [] }
            preview.play(at: now)
            paused = preview
            return [playbackEffect(preview, at: now)]
        case .pausePlayback:
            guard isListening else { return [] }
            paused?.stopListening(at: now)
            return [.stopPlayback(take: take)]
        case .togglePlayback:
            guard phase == .paused else { return [] }
            return handlePreview(isListening ? .pausePlayback : .play, at: now)
        case .seek(let seconds):
            guard var preview = paused else { return [] }
            preview.seek(to: seconds, at: now)
            paused = preview
            return preview.isListening ? [playbackEffect(preview, at: now)] : []
        case .trim(let start, let end):
            guard var preview = paused, start != nil || end != nil else { return [] }
            preview.trim(start: start, end: end, shortest: shortestKept, at: now)
            paused = preview
            return preview.isListening ? [playbackEffect(preview, at: now)] : []
        case .measuredLength(let measured, let seconds):
            guard measured == take, phase == .paused, seconds.isFinite else { return [] }
            paused?.measured(seconds)
            recordedBefore = paused?.length ?? recordedBefore
            return []
        case .playbackPosition(let seconds):
            guard isListening, seconds.isFinite else { return [] }
            paused?.seek(to: seconds, at: now)
            return []
        case .playbackEnded:
            guard isListening else { return [] }
            paused?.stopListening(at: now, reachedEnd: true)
            return [.stopPlayback(take: take)]
        default:
            return []
        }
    }

    /// Stops the capture and keeps the take, paused (SPEC D.2): its file stays open, everything kept.
    mutating func pauseAndKeep(now: Double) -> [RecorderEffect] {
        let length = elapsed(at: now)
        recordedBefore = length
        audioStartedAt = nil
        paused = TakePreview(length: length)
        phase = .paused
        return [.phaseChanged(.paused), .stopCapture(take: take)]
    }

    /// A held take that an interruption (or a lost touch) ended, with preview on: kept paused with "Recording
    /// stopped", unless it is too short by A.4 (SPEC D.6).
    mutating func keepInterruptedHold(now: Double) -> [RecorderEffect] {
        if isTooShort(at: now) { return discard(.tooShort) + hint(.hold) }
        return pauseAndKeep(now: now) + hint(.stopped)
    }

    /// A hands-free take that an interruption ended, with preview on: paused instead of stopped; one with no audio
    /// at all is discarded, as in A.6.
    mutating func keepInterruptedHandsFree(now: Double) -> [RecorderEffect] {
        hasAudio ? pauseAndKeep(now: now) + hint(.stopped) : interruptedDiscard()
    }

    /// An interruption of a paused take: it is not affected, only the listening stops; disabling the control
    /// deletes it, as it deletes a stopped take (A.6).
    mutating func interruptPaused(_ interruption: Interruption, now: Double) -> [RecorderEffect] {
        if interruption == .disabled { return discard(.cancelled) + [.feedback(.warning)] }
        guard isListening else { return [] }
        paused?.stopListening(at: now)
        return [.stopPlayback(take: take)]
    }

    /// Send from paused: only the kept range (SPEC D.5).
    mutating func sendPaused(now: Double) -> [RecorderEffect] {
        guard let preview = paused else { return [] }
        if isTooShort(at: now) { return discard(.tooShort) + hint(.hold) }
        let stopListening = stopListeningEffects()
        let sent = take
        end()
        let delivery: RecorderEffect =
            preview.kept == .whole(preview.length)
            ? .deliver(take: sent, atMaximum: false) : .deliverKept(take: sent, kept: preview.kept)
        return stopListening + [.phaseChanged(.idle), delivery, .feedback(.light)]
    }

    /// A tick while paused: ends a listening the player never ended.
    mutating func listeningTick(now: Double) -> [RecorderEffect] {
        guard let preview = paused, preview.listeningOverran(at: now, grace: Self.listeningClockGrace) else {
            return []
        }
        return handlePreview(.playbackEnded, at: now)
    }

    /// Stops the listening, if any, before the take ends or records on.
    func stopListeningEffects() -> [RecorderEffect] {
        isListening ? [.stopPlayback(take: take)] : []
    }

    private func playbackEffect(_ preview: TakePreview, at now: Double) -> RecorderEffect {
        .startPlayback(take: take, from: preview.playhead(at: now), until: preview.kept.end)
    }
}
