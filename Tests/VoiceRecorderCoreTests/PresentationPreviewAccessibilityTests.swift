import Testing
import VoiceRecorderCore

@Suite("Screen readers: pause and preview (SPEC D.7)")
struct PresentationPreviewAccessibilityTests {
    @Test(
        "the bubble is \"Pause recording\" hands-free and \"Resume recording\" paused; nothing otherwise",
        arguments: [
            (Phase.locked, String?.some("Pause recording")), (.paused, "Resume recording"), (.idle, nil),
            (.holding, nil), (.stopped, nil),
        ])
    func bubble(phase: Phase, label: String?) {
        let model = PreviewAccessibility.make(phase: phase, playhead: 0, kept: .whole(5))
        #expect(model.bubble?.label == label)
        #expect(model.bubble.map(\.part) == (label == nil ? nil : .pauseBubble))
    }

    @Test(
        "paused, the play button reads \"Play recording\", or \"Pause\" while listening",
        arguments: [(false, "Play recording"), (true, "Pause")])
    func playButton(listening: Bool, label: String) {
        let model = PreviewAccessibility.make(phase: .paused, isListening: listening, playhead: 1, kept: .whole(5))
        #expect(model.playButton?.label == label && model.playButton?.part == .playButton)
        #expect(PreviewAccessibility.make(phase: .locked).playButton == nil)
    }

    @Test(
        "paused, the waveform is \"Position\" valued the playhead spoken, the handles \"Start\" and \"End\"",
        arguments: [
            // playhead, kept, spoken start / position / end
            (0.0, KeptRange(start: 0, end: 12.4), "0 seconds", "0 seconds", "12 seconds"),
            (7.9, KeptRange(start: 1.5, end: 65), "1 second", "7 seconds", "1 minute, 5 seconds"),
            // The playhead is read inside the kept range.
            (0.2, KeptRange(start: 3, end: 9), "3 seconds", "3 seconds", "9 seconds"),
        ])
    func adjustables(playhead: Double, kept: KeptRange, start: String, position: String, end: String) {
        let model = PreviewAccessibility.make(phase: .paused, playhead: playhead, kept: kept)
        #expect(model.adjustables.map(\.label) == ["Start", "Position", "End"])
        #expect(model.adjustables.map(\.part) == [.startHandle, .waveform, .endHandle])
        #expect(model.adjustables.map(\.value) == [start, position, end])
        #expect(model.adjustables.map(\.seconds) == [kept.start, kept.clamp(playhead), kept.end])
    }

    @Test("adjusting moves a time by a second, never below the take's start")
    func adjusting() throws {
        let model = PreviewAccessibility.make(phase: .paused, playhead: 0.4, kept: .whole(10))
        let position = try #require(model.adjustables.first { $0.part == .waveform })
        #expect(position.incremented == 1.4)
        #expect(position.decremented == 0)
        #expect(PreviewAccessibility.make(phase: .locked).adjustables.isEmpty)
    }

    @Test("every line can be replaced")
    func replaced() {
        var messages = Messages()
        messages.position = "Stelle"
        messages.resumeRecording = "Weiter aufnehmen"
        messages.spokenDuration = { "\($0) s" }
        let model = PreviewAccessibility.make(phase: .paused, playhead: 2, kept: .whole(4), messages: messages)
        #expect(model.bubble?.label == "Weiter aufnehmen")
        #expect(model.adjustables[1].label == "Stelle" && model.adjustables[1].value == "2 s")
    }
}
