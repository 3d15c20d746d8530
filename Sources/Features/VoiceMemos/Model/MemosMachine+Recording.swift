import Foundation
import VoiceRecorder

/// Recording (SPEC B.2): access first, playback stopped before the microphone opens, a sent take kept as a memo,
/// a failed take's audio kept as a recovered memo.
extension MemosMachine {
    mutating func recordTapped() -> [MemosEffect] {
        // A record button toggles: a second tap keeps the take, as Send does.
        if let take = state.take { return take.phase == .idle ? [] : [.sendRecording] }
        switch state.library {
        case .open, .firstScreen: break
        case .failed(let message):
            // No take starts without a library to keep it in (SPEC B.8).
            state.alert = .failed(message)
            return []
        case .closed, .opening: return []
        }
        guard !state.isCheckingAccess, !state.isAskingForAccess else { return [] }
        state.isCheckingAccess = true
        return [.checkAccess]
    }

    mutating func accessChecked(_ status: AccessStatus) -> [MemosEffect] {
        // While the person is being asked, only their answer decides.
        guard !state.isAskingForAccess else { return [] }
        state.access = status
        guard state.isCheckingAccess else { return [] }
        state.isCheckingAccess = false
        switch status {
        case .granted:
            return startRecording()
        case .undetermined:
            state.isAskingForAccess = true
            return [.requestAccess]
        case .denied, .undeclared:
            state.alert = .permissionRequired
            return []
        }
    }

    mutating func accessAnswered(granted: Bool) -> [MemosEffect] {
        guard state.isAskingForAccess else { return [] }
        state.isAskingForAccess = false
        state.access = granted ? .granted : .denied
        guard granted else {
            state.alert = .permissionRequired
            return []
        }
        return startRecording()
    }

    /// The microphone must not record the speaker: playback stops before the take starts.
    private mutating func startRecording() -> [MemosEffect] {
        stopPlaying() + [.startRecording]
    }

    mutating func recorderReported(_ report: RecorderReport, at now: MemosTime) -> [MemosEffect] {
        switch report {
        case .phase(let phase): return phaseChanged(to: phase, at: now)
        case .sent(let recording):
            let (take, isCurrent) = takeEnded()
            // The memo's own transcript (SPEC E) follows at once and replaces the live words.
            let stopLive: [MemosEffect] = isCurrent ? [.stopLiveTranscript] : []
            return stopLive + [
                .keep(recording, date: take?.startedAt ?? now.date, isRecovered: take?.hasFailed ?? false)
            ]
        case .cancelled:
            return takeEnded().isCurrent ? [.stopLiveTranscript] : []
        case .failed:
            state.alert = .recordingFailed
            guard state.take != nil else { return [] }
            state.take?.hasFailed = true
            // A take the failure stopped and kept is sent at once, so its audio becomes a recovered memo.
            return state.take?.phase == .stopped || state.take?.phase == .paused ? [.sendRecording] : []
        case .accessRefused:
            state.access = .denied
            state.alert = .permissionRequired
            return []
        case .noSound(let message):
            // Nothing was recorded, so nothing is kept and nothing failed to be kept: the words say why.
            state.alert = .failed(message)
            return []
        }
    }

    private mutating func phaseChanged(to phase: Phase, at now: MemosTime) -> [MemosEffect] {
        switch phase {
        case .holding, .locked:
            if let take = state.take, take.phase != .idle {
                state.take?.phase = phase  // held → hands-free, or paused → recording on (SPEC D.2)
                return take.phase == .paused
                    ? [.schedule(.recordingClock, after: MemosTiming.recordingClockInterval)] : []
            }
            // A take that ended but whose file is still being finished waits for its outcome apart from this one.
            if let ended = state.take { endedTakes.append(ended) }
            guard state.library.isUsable else {
                if case .failed(let message) = state.library { state.alert = .failed(message) }
                return [.cancelRecording]
            }
            takesStarted += 1
            state.take = MemosState.Take(
                phase: phase, startedAt: now.date, liveTranscript: LiveTranscript(), number: takesStarted)
            // The session reports the phase before it starts the capture, so this stop comes first; the live
            // transcript listens from the capture's first buffer.
            return stopPlaying() + [
                .schedule(.recordingClock, after: MemosTiming.recordingClockInterval),
                .startLiveTranscript(take: takesStarted),
            ]
        case .stopped, .paused:
            // A paused take (SPEC D) is kept like a stopped one until it is sent, resumed or deleted.
            guard state.take != nil else { return [] }
            state.take?.phase = phase
            let keep: [MemosEffect] = state.take?.hasFailed == true ? [.sendRecording] : []
            return [.cancelTimer(.recordingClock), .readRecordingElapsed] + keep
        case .idle:
            guard state.take != nil else { return [] }
            // Ended; it stays until the recorder says whether it was sent or discarded.
            state.take?.phase = .idle
            return [.cancelTimer(.recordingClock)]
        }
    }

    /// The live transcript's news of take `number` (SPEC K): words shown as they come; given up, nothing is shown.
    mutating func liveTranscriptHeard(_ update: LiveTranscriptUpdate, take number: Int) -> [MemosEffect] {
        guard state.take?.number == number, state.take?.liveTranscript != nil else { return [] }
        if case .unavailable = update {
            state.take?.liveTranscript = nil
        } else {
            state.take?.liveTranscript?.apply(update)
        }
        return []
    }

    /// The take an outcome (sent, discarded) is about, and whether it is the one on screen: the oldest ended take
    /// still waiting for its outcome, if a new take began meanwhile (the file is finished off the recorder's
    /// thread, so its outcome can come after the next hold has landed), else the current one.
    private mutating func takeEnded() -> (take: MemosState.Take?, isCurrent: Bool) {
        if !endedTakes.isEmpty { return (endedTakes.removeFirst(), false) }
        defer { state.take = nil }
        return (state.take, state.take != nil)
    }
}
