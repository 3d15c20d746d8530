import CGtk
import VoiceRecorder

/// The session's events turned into motion (the animator), the accessible objects' updates and the Settings
/// action. The app follows the same events itself (`session.events`), after the control.
extension VoiceRecorderWidget {
    func handle(_ event: SessionEvent) {
        let now = scheduler.now
        switch event {
        case .phase(let phase):
            if phase == .idle { followSessionConfiguration() }
            animator.handle(.phase(phase), at: now)
            if phase == .idle || phase.isRecording { lastPreview = nil }
            followWaveformTrack()
            updateAccessibility(force: true)
            gtk_widget_queue_allocate(widget)
        case .pressed(let pressed):
            animator.handle(.pressed(pressed), at: now)
        case .springHome(let velocity):
            animator.handle(.springHome(velocity: velocity), at: now)
        case .sent:
            animator.handle(.ended(.sent), at: now)
        case .tooShort:
            animator.handle(.ended(.tooShort), at: now)
        case .cancelled(let reason):
            animator.handle(.ended(reason == .cancelled ? .discarded : .dropped), at: now)
        case .hint(let kind, _):
            hint = kind
            animator.handle(.hint(true), at: now)
            showSettingsAction(kind == .accessOff)
        case .hintHidden:
            animator.handle(.hint(false), at: now)
            showSettingsAction(false)
        case .announce(let text):
            announce(text)
        case .feedback, .accessRequested, .failure, .missingMicrophoneUsageDeclaration, .passThrough, .listening,
            .microphoneWarning, .microphones:
            break
        }
        requestFrames()
    }

    /// Draws by the session's pause and preview setting again: call after `Session.reconfigure` at rest (a change
    /// made during a take is followed when it ends).
    public func followSessionConfiguration() {
        animator.preview = session.preview
        requestFrames()
    }

    /// Feeds the drag interpreter's state to the animator after a finger moved.
    func followDrag() {
        guard let drag = session.control.drag else { return }
        animator.handle(
            .drag(
                slide: drag.slide, stretch: drag.stretch, cancelProgress: drag.cancelProgress,
                armed: drag.isArmed, showsLane: drag.showsLane), at: scheduler.now)
        requestFrames()
    }
}
