import Foundation
import VoiceRecorderCore

/// The session's timers: the level and bars about 30 times a second while recording (5 where nothing draws them,
/// `liveUpdates`), and the clock while listening, the hold's deadline, and how long a hint stays.
extension Session {
    func updateTicker() {
        if phase.isRecording || machine.isListening {
            guard ticker == nil else { return }
            scheduleTick()
        } else {
            ticker?.cancel()
            ticker = nil
            if phase == .idle {
                level = 0
                smoother.reset()
            }
        }
    }

    func scheduleTick() {
        ticker = scheduler.schedule(after: liveUpdates.interval) { [weak self] in self?.tick() }
    }

    /// At each reading while recording (`liveUpdates`): the level, the bars, the microphone's check and the maximum.
    func tick() {
        ticker = nil
        if phase == .paused {
            // Listening: the clock ends a listening whose player went quiet (SPEC D.3).
            apply(.tick)
            if machine.isListening { scheduleTick() }
            return
        }
        guard phase.isRecording else { return }
        if let pipeline = pipelines[machine.take] {
            let reading = pipeline.meterReading(from: windows.count)
            windows.append(contentsOf: reading.windows)
            level = machine.isAudioStarted ? smoother.update(toward: reading.latest) : 0
            checkMicrophone(loudestPeak: reading.loudestPeak)
        }
        apply(.tick)
        if phase.isRecording { scheduleTick() }
    }

    func scheduleHoldIfPending() {
        holdTimer?.cancel()
        holdTimer = nil
        guard let deadline = control.holdDeadline else { return }
        holdTimer = scheduler.schedule(after: max(0, deadline - scheduler.now)) { [weak self] in
            guard let self else { return }
            self.holdTimer = nil
            self.perform(self.control.advance(to: self.scheduler.now, phase: self.phase))
            self.preparePendingHold()
        }
    }

    func showHint(_ kind: HintKind) {
        hintTimer?.cancel()
        hint = kind
        emit(.hint(kind, text: messages.hintText(for: kind)))
        hintTimer = scheduler.schedule(after: kind.visibleDuration) { [weak self] in self?.hideHint() }
    }

    func hideHint() {
        hintTimer?.cancel()
        hintTimer = nil
        guard hint != nil else { return }
        hint = nil
        emit(.hintHidden)
    }
}
