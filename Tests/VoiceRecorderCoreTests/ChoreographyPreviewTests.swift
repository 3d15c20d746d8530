import Testing
import VoiceRecorderCore

/// The preview's choreography (SPEC D.1, D.2) on virtual time: no sleeps, the animator is read at chosen instants.
@Suite("Choreography: pause and preview")
struct ChoreographyPreviewTests {
    private func animator(preview: Bool, reduceMotion: Bool = false) -> ControlAnimator {
        var animator = ControlAnimator(reduceMotion: reduceMotion, at: 0)
        animator.preview = preview
        animator.handle(.phase(.holding), at: 0)
        return animator
    }

    @Test("locking with preview on: 0.17 s after the lock shuts the lane melts and the pause bubble buds out")
    func lockBudsThePauseBubble() {
        var animator = animator(preview: true)
        animator.handle(.phase(.locked), at: 1)
        #expect(animator.frame(at: 1.16).presence.pauseBubble == 0, "not before the lock has shut")
        #expect(animator.frame(at: 1.3).presence.pauseBubble > 0)
        let settled = animator.frame(at: 4)
        #expect(settled.presence.pauseBubble == 1 && settled.presence.lane == 0 && settled.presence.trash == 1)
        #expect(settled.paused == 0, "hands-free the capsule still records")
    }

    @Test("with preview off a lock is A's: no pause bubble", arguments: [false, true])
    func previewOff(reduceMotion: Bool) {
        var animator = animator(preview: false, reduceMotion: reduceMotion)
        animator.handle(.phase(.locked), at: 1)
        #expect(animator.frame(at: 4).presence.pauseBubble == 0)
        #expect(animator.isSettled(at: 4))
    }

    @Test("pausing turns the capsule paused on the value spring; resuming turns it back; the bubble stays")
    func pauseAndResume() {
        var animator = animator(preview: true)
        animator.handle(.phase(.locked), at: 1)
        animator.handle(.phase(.paused), at: 3)
        let midway = animator.frame(at: 3.1).paused
        #expect(midway > 0 && midway < 1, "a cross-fade, not a cut")
        #expect(animator.frame(at: 5).paused == 1 && animator.frame(at: 5).presence.pauseBubble == 1)
        animator.handle(.phase(.locked), at: 6)
        #expect(animator.frame(at: 8).paused == 0 && animator.frame(at: 8).presence.pauseBubble == 1)
    }

    @Test("pause() while held locks and pauses at once")
    func pauseWhileHeld() {
        var animator = animator(preview: true)
        animator.handle(.phase(.paused), at: 1)
        let settled = animator.frame(at: 4)
        #expect(settled.presence.lane == 0 && settled.presence.trash == 1 && settled.presence.pauseBubble == 1)
        #expect(settled.paused == 1 && settled.lockShut == 1 && !settled.showsSlideToCancel)
    }

    @Test(
        "sending or deleting a paused take melts the bubble home with everything else",
        arguments: [ControlAnimator.Ending.sent, .discarded])
    func endFromPaused(ending: ControlAnimator.Ending) {
        var animator = animator(preview: true)
        animator.handle(.phase(.locked), at: 1)
        animator.handle(.phase(.paused), at: 3)
        animator.handle(.ended(ending), at: 5)
        animator.handle(.phase(.idle), at: 5)
        let settled = animator.frame(at: 8)
        #expect(settled.presence == .rest)
        #expect(animator.isSettled(at: 8))
    }

    @Test("the frame writes the pause into the input's preview, and leaves an input without one alone")
    func applies() {
        var animator = animator(preview: true)
        animator.handle(.phase(.paused), at: 1)
        var input = BandLayoutInput(width: 390, preview: .init(paused: 0, length: 3))
        animator.frame(at: 4).apply(to: &input)
        #expect(input.preview?.paused == 1 && input.presence.pauseBubble == 1)
        var plain = BandLayoutInput(width: 390)
        animator.frame(at: 4).apply(to: &plain)
        #expect(plain.preview == nil)
    }
}
