import Foundation

/// Transcripts (SPEC E.1–E.3): the queue, one job at a time, held while a take is recorded; the transcript view;
/// Copy Transcript.
extension MemosMachine {
    mutating func transcriptionReported(_ report: TranscriptionReport, job: Int) -> [MemosEffect] {
        guard let current = state.transcripts.current, current.number == job else { return [] }
        switch report {
        case .progress(let fraction):
            state.transcripts.current?.progress = min(max(fraction, current.progress), 1)
            return []
        case .done(let transcript):
            state.transcripts.current = nil
            // Shown, and out of the queue, at once; the library's answer confirms it.
            if let index = index(of: current.memoID) { state.memos[index].transcript = TranscriptSummary(transcript) }
            return [.saveTranscript(current.memoID, transcript)]
        case .failed(let reason):
            state.transcripts.current = nil
            state.transcripts.failedThisRun.insert(current.memoID)
            return [.saveTranscriptFailure(current.memoID, reason)]
        case .unavailable(let reason):
            // Nothing more is tried this run; every memo stays as it was.
            state.transcripts.current = nil
            state.transcripts.unavailable = reason
            return []
        }
    }

    mutating func transcriptSaved(_ id: UUID, _ summary: TranscriptSummary) -> [MemosEffect] {
        guard let index = index(of: id) else { return [] }
        state.memos[index].transcript = summary
        var effects: [MemosEffect] = []
        // A new transcript may match what is being searched for.
        if !MemosState.isBlank(state.searchText) { effects.append(.search(state.searchText)) }
        // The transcript view of this memo shows the new words.
        if state.openTranscript?.memoID == id { effects.append(.loadTranscript(id)) }
        return effects
    }

    /// Starts, holds, resumes or drops the job so that it follows the rules, after any action: one job at a time
    /// once the library is open, none while a take is recorded (held instead), none for a memo deleted.
    mutating func followTranscriptionRules(at now: Double) -> [MemosEffect] {
        var effects: [MemosEffect] = []
        if let current = state.transcripts.current {
            let memo = state.memo(current.memoID)
            if memo == nil || memo?.isDeleted == true || state.savingEditOf == current.memoID {
                // Deleted while transcribed: dropped from the queue; a restored memo rejoins it. Being edited: its
                // words would be the old audio's (SPEC I.1); it is transcribed again once saved, if still pending.
                state.transcripts.current = nil
                effects.append(.cancelTranscription(job: current.number))
            } else if state.isRecording != current.isPaused {
                let recording = state.isRecording
                state.transcripts.current?.isPaused = recording
                effects.append(
                    recording ? .pauseTranscription(job: current.number) : .resumeTranscription(job: current.number))
                return effects
            } else {
                return effects
            }
        }
        guard state.transcripts.isOn, state.library == .open, state.transcripts.unavailable == nil,
            !state.isRecording, !state.isSavingEdit
        else { return effects }
        // Memos kept while the app runs go at once; older ones once it has been left alone (SPEC E.1).
        let idle = now - lastActivity
        let backFill = !state.transcripts.isPowerSaving && idle >= MemosTiming.backFillIdle
        guard let next = state.transcripts.next(in: state.memos, backFill: backFill) else {
            if !backFill, !state.transcripts.isPowerSaving, !isIdleCheckScheduled,
                state.transcripts.next(in: state.memos) != nil
            {
                isIdleCheckScheduled = true
                effects.append(.schedule(.backFillIdle, after: MemosTiming.backFillIdle - idle))
            }
            return effects
        }
        state.transcripts.jobs += 1
        let number = state.transcripts.jobs
        state.transcripts.current = TranscriptQueue.Job(memoID: next, number: number, progress: 0, isPaused: false)
        state.transcripts.keptFirst.removeAll { $0 == next }
        effects.append(.transcribe(next, job: number))
        return effects
    }

    // MARK: - The transcript view and Copy Transcript

    mutating func transcriptOpened(_ id: UUID) -> [MemosEffect] {
        guard state.memo(id) != nil else { return [] }
        state.openTranscript = OpenTranscript(memoID: id, transcript: nil, isLoaded: false)
        return [.loadTranscript(id)]
    }

    mutating func transcriptLoaded(_ id: UUID, _ transcript: Transcript?) -> [MemosEffect] {
        if state.openTranscript?.memoID == id {
            state.openTranscript = OpenTranscript(memoID: id, transcript: transcript, isLoaded: true)
        }
        if state.copyRequestedFor == id {
            state.copyRequestedFor = nil
            if let transcript, !transcript.isEmpty { state.textToCopy = transcript.text }
        }
        return []
    }

    /// A word of the open transcript was clicked: play from its start (SPEC E.3).
    mutating func transcriptWordActivated(_ id: UUID, _ index: Int) -> [MemosEffect] {
        guard let words = state.openTranscript?.transcript?.words, state.openTranscript?.memoID == id,
            words.indices.contains(index)
        else { return [] }
        return play(id, from: words[index].start)
    }

    /// Plays `id` from `seconds`: seeks there if it plays, else starts it there.
    mutating func play(_ id: UUID, from seconds: Double) -> [MemosEffect] {
        if state.isPlaying(id) { return seek(id, to: seconds) }
        let effects = seek(id, to: seconds)
        return effects + playTapped(id)
    }

    mutating func copyTranscriptTapped(_ id: UUID) -> [MemosEffect] {
        guard let memo = state.memo(id), memo.transcript.state == .done else { return [] }
        if state.openTranscript?.memoID == id, let transcript = state.openTranscript?.transcript {
            state.textToCopy = transcript.text
            return []
        }
        state.copyRequestedFor = id
        return [.loadTranscript(id)]
    }
}
