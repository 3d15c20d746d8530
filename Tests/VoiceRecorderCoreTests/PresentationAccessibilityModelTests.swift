import Testing

@testable import VoiceRecorderCore

@Suite("Accessibility model (SPEC A.14)")
struct PresentationAccessibilityModelTests {
    typealias Activation = AccessibilityModel.Activation
    typealias Kind = AccessibilityModel.Action.Kind

    @Test(
        "The mic per phase: label, actions, activation, magic tap, escape",
        arguments: [
            (
                Phase.idle, "Record voice message", [Kind.record], Activation.startHandsFree,
                Activation?.some(.startHandsFree),
                false
            ),
            (Phase.holding, "Send", [Kind.send, .delete], Activation.release, Activation?.none, true),
            (Phase.locked, "Send", [Kind.send, .delete], Activation.send, Activation?.some(.send), true),
            (Phase.stopped, "Send", [Kind.send, .delete], Activation.send, Activation?.some(.send), true),
        ])
    func mic(
        phase: Phase, label: String, actions: [Kind], activation: Activation, magicTap: Activation?,
        escape: Bool
    ) {
        let model = AccessibilityModel.make(phase: phase, screenReader: true, elapsed: 3, maximum: 300)
        #expect(model.micLabel == label)
        #expect(model.micActions.map(\.kind) == actions)
        #expect(model.micActivation == activation)
        #expect(model.magicTap == magicTap)
        #expect(model.escapeDeletes == escape)
    }

    @Test("Action names come from the messages")
    func actionNames() {
        let model = AccessibilityModel.make(phase: .locked, screenReader: true, elapsed: 0, maximum: 300)
        #expect(model.micActions.map(\.name) == ["Send", "Delete"])
        let atRest = AccessibilityModel.make(phase: .idle, screenReader: true, elapsed: 0, maximum: 300)
        #expect(atRest.micActions.map(\.name) == ["Record voice message"])
    }

    @Test(
        "The mic's hint at rest depends on the screen reader",
        arguments: [
            (true, "Starts recording at once. Double tap Send when you are done."),
            (false, "Hold to record, release to send"),
        ])
    func hint(screenReader: Bool, hint: String) {
        #expect(
            AccessibilityModel.make(phase: .idle, screenReader: screenReader, elapsed: 0, maximum: 300).micHint
                == hint)
        #expect(
            AccessibilityModel.make(phase: .locked, screenReader: screenReader, elapsed: 4, maximum: 300).micHint
                == nil)
    }

    @Test(
        "The capsule: hidden at rest; 'Recording' with the spoken time, or the seconds left",
        arguments: [
            (Phase.idle, 0.0, 300.0, String?.none),
            (Phase.holding, 12.4, 300.0, String?.some("12 seconds")),
            (Phase.locked, 62.0, 300.0, String?.some("1 minute, 2 seconds")),
            (Phase.locked, 291.2, 300.0, String?.some("9 seconds left")),
            (Phase.stopped, 1.0, 300.0, String?.some("1 second")),
            (Phase.holding, 8.0, 10.0, String?.some("8 seconds")),
        ])
    func capsule(phase: Phase, elapsed: Double, maximum: Double, value: String?) {
        let model = AccessibilityModel.make(phase: phase, screenReader: true, elapsed: elapsed, maximum: maximum)
        #expect(model.capsule?.value == value)
        #expect(model.capsule?.label == (value == nil ? nil : "Recording"))
    }

    @Test(
        "The trash button 'Delete' is there only hands-free or stopped",
        arguments: [
            (Phase.idle, false), (Phase.holding, false), (Phase.locked, true), (Phase.stopped, true),
        ])
    func trash(phase: Phase, present: Bool) {
        let model = AccessibilityModel.make(phase: phase, screenReader: true, elapsed: 5, maximum: 300)
        #expect((model.trash != nil) == present)
        if present { #expect(model.trash?.label == "Delete") }
    }

    @Test("Announcements")
    func announcements() {
        #expect(AccessibilityModel.recordingStartedAnnouncement() == "Recording")
        #expect(AccessibilityModel.hintAnnouncement(.accessOff) == "Microphone access is off, Settings")
        #expect(AccessibilityModel.hintAnnouncement(.stopped) == "Recording stopped")
        #expect(AccessibilityModel.hintAnnouncement(.hold) == "Hold to record, release to send")
    }

    @Test(
        "The machine's announcements in words",
        arguments: [
            (Announcement.recordingStarted, "Recording"),
            (Announcement.hint(.accessOff), "Microphone access is off, Settings"),
            (Announcement.hint(.stopped), "Recording stopped"),
            (Announcement.hint(.hold), "Hold to record, release to send"),
        ])
    func announcementText(announcement: Announcement, text: String) {
        #expect(AccessibilityModel.text(for: announcement) == text)
    }

    @Test("Replaced messages flow through")
    func customMessages() {
        let messages = Messages(record: "Aufnehmen", recording: "Aufnahme", send: "Senden")
        let idle = AccessibilityModel.make(
            phase: .idle, screenReader: false, elapsed: 0, maximum: 300,
            messages: messages)
        #expect(idle.micLabel == "Aufnehmen")
        let held = AccessibilityModel.make(
            phase: .holding, screenReader: false, elapsed: 0, maximum: 300,
            messages: messages)
        #expect(held.micLabel == "Senden")
        #expect(held.capsule?.label == "Aufnahme")
        #expect(AccessibilityModel.recordingStartedAnnouncement(messages: messages) == "Aufnahme")
    }
}
