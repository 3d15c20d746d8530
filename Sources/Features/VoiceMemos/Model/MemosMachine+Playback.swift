import Foundation
import VoiceRecorder

/// Playback (SPEC B.4): one memo at a time, the position from the player, the end back to the start, seeking,
/// the speed.
extension MemosMachine {
    mutating func playTapped(_ id: UUID) -> [MemosEffect] {
        guard let memo = state.memo(id) else { return [] }
        if state.isPlaying(id) { return stopPlaying() }
        // The microphone must not record the speaker.
        guard !state.isRecording else { return [] }
        // Starting one memo stops the other's audio, not only its button (and the editor's listening).
        var effects = stopPlaying() + stopListening()
        guard !memo.isMissing else {
            state.alert = .playbackFailed
            return effects
        }
        plays += 1
        var from = state.positions.removeValue(forKey: id) ?? 0
        if memo.duration > 0, from >= memo.duration { from = 0 }
        state.playing = MemosState.Playback(
            memoID: id, position: from, duration: memo.duration,
            tag: PlaybackTag(play: plays))
        state.lastPlayed = id
        guard state.skipsSilence else {
            effects.append(.play(id, from: from, rate: state.speed.rate, play: plays, enhanced: memo.isEnhanced))
            return effects
        }
        // Skip silence (SPEC I.2): the memo's pauses first (once per memo), then only what is not skipped plays.
        guard let skips = state.silenceSkips[id] else {
            state.playing?.isWaitingForSilences = true
            effects.append(.findSilences(id))
            return effects
        }
        return effects + startSkipping(skips)
    }

    /// Starts the play under way with `skips`: the player plays what they keep, in played time.
    private mutating func startSkipping(_ skips: SilenceSkips) -> [MemosEffect] {
        guard var playing = state.playing, let memo = state.memo(playing.memoID) else { return [] }
        playing.skips = skips
        playing.isWaitingForSilences = false
        state.playing = playing
        let frames = Int((memo.duration * Double(AudioFormat.sampleRate)).rounded())
        return [
            .playKept(
                memo.id, keeping: skips.kept(frames: frames), from: skips.playedTime(ofMemo: playing.position),
                rate: state.speed.rate, play: playing.tag.play, enhanced: memo.isEnhanced)
        ]
    }

    /// A memo's pauses were found: remembered, and the memo waiting for them starts.
    mutating func silencesFound(_ id: UUID, _ skips: SilenceSkips?) -> [MemosEffect] {
        if let skips { state.silenceSkips[id] = skips }
        guard let playing = state.playing, playing.memoID == id, playing.isWaitingForSilences else { return [] }
        guard let skips else {
            // Its pauses could not be read: it plays whole (a failure to play, if any, is the player's to say).
            state.playing?.isWaitingForSilences = false
            let enhanced = state.memo(id)?.isEnhanced ?? false
            return [
                .play(id, from: playing.position, rate: state.speed.rate, play: playing.tag.play, enhanced: enhanced)
            ]
        }
        return startSkipping(skips)
    }

    /// Skip silence switched: remembered, and the memo playing goes on from where it is, the other way.
    mutating func skipSilenceToggled() -> [MemosEffect] {
        state.skipsSilence.toggle()
        return [.saveSkipsSilence(state.skipsSilence)] + playAgain()
    }

    /// The memo playing (if any, or only `id`) played again from where it is: what a switch of how it sounds
    /// (skip silence, Enhance) does, so the difference is heard at once.
    mutating func playAgain(onlyIf id: UUID? = nil) -> [MemosEffect] {
        guard let playing = state.playing, id == nil || playing.memoID == id else { return [] }
        return stopPlaying() + playTapped(playing.memoID)
    }

    /// Stops what plays, leaving its cursor where it was heard last.
    mutating func stopPlaying() -> [MemosEffect] {
        guard let playing = state.playing else { return [] }
        state.playing = nil
        state.positions[playing.memoID] = playing.position > 0 ? playing.position : nil
        return [.stopPlayback(play: playing.tag.play)]
    }

    mutating func playerReported(_ report: PlaybackReport, _ tag: PlaybackTag) -> [MemosEffect] {
        if let effects = editorListeningReported(report, play: tag.play) { return effects }
        guard var playing = state.playing, playing.tag.play == tag.play else { return [] }
        switch report {
        case .position(let seconds):
            // A position measured before the latest seek would pull the cursor back for a moment.
            guard tag.seek == playing.tag.seek, seconds.isFinite else { return [] }
            // Skipping silence, the player counts what it played; the memo's own time is what is shown.
            let memoTime = playing.skips?.memoTime(ofPlayed: seconds) ?? seconds
            playing.position = clamp(memoTime, duration: playing.duration)
            state.playing = playing
            return []
        case .finished:
            // The end stops and goes back to the start.
            state.playing = nil
            state.positions[playing.memoID] = nil
            return [.stopPlayback(play: tag.play)]
        case .failed:
            state.playing = nil
            state.positions[playing.memoID] = nil
            state.alert = .playbackFailed
            return [.stopPlayback(play: tag.play)]
        }
    }

    mutating func seek(_ id: UUID, to position: Double) -> [MemosEffect] {
        guard let memo = state.memo(id), position.isFinite else { return [] }
        let target = clamp(position, duration: memo.duration)
        if var playing = state.playing, playing.memoID == id {
            playing.position = target
            guard !playing.isWaitingForSilences else {
                state.playing = playing  // it will start from there
                return []
            }
            playing.tag.seek += 1
            state.playing = playing
            return [.seekPlayback(play: playing.tag.play, to: playing.skips?.playedTime(ofMemo: target) ?? target)]
        }
        state.positions[id] = target > 0 ? target : nil
        return []
    }

    mutating func choose(_ speed: PlaybackSpeed) -> [MemosEffect] {
        guard speed != state.speed else { return [] }
        state.speed = speed
        var effects: [MemosEffect] = [.saveSpeed(speed)]
        if let playing = state.playing { effects.append(.setPlaybackRate(play: playing.tag.play, rate: speed.rate)) }
        return effects
    }

    /// Between the start and the end (a memo whose length is unknown has no end to clamp to).
    private func clamp(_ position: Double, duration: Double) -> Double {
        let atLeastZero = max(position, 0)
        return duration > 0 ? min(atLeastZero, duration) : atLeastZero
    }

    /// Plays the memo the desktop's search asked for (SPEC J.1), once the library is open: from the second asked,
    /// within the memo. A memo that is not in the library, or is in Recently Deleted, is not played.
    mutating func playRequestedMemo() -> [MemosEffect] {
        guard let request = state.requestedPlay else { return [] }
        state.requestedPlay = nil
        guard let memo = state.memo(request.id), !memo.isDeleted else { return [] }
        return play(request.id, from: min(max(request.from, 0), memo.duration))
    }
}
