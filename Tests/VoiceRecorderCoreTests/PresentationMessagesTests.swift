import Testing

@testable import VoiceRecorderCore

@Suite("Messages (SPEC A.18)")
struct PresentationMessagesTests {
    @Test(
        "The defaults read as the spec says",
        arguments: [
            (\Messages.record, "Record voice message"),
            (\Messages.holdToRecord, "Hold to record, release to send"),
            (\Messages.slideToCancel, "Slide to cancel"),
            (\Messages.recording, "Recording"),
            (\Messages.send, "Send"),
            (\Messages.delete, "Delete"),
            (\Messages.accessOff, "Microphone access is off"),
            (\Messages.settings, "Settings"),
            (\Messages.stopped, "Recording stopped"),
            (\Messages.voiceOverHint, "Starts recording at once. Double tap Send when you are done."),
        ] as [(KeyPath<Messages, String> & Sendable, String)])
    func defaults(line: KeyPath<Messages, String> & Sendable, text: String) {
        #expect(Messages()[keyPath: line] == text)
    }

    @Test("Remaining time and spoken durations")
    func remaining() {
        let messages = Messages()
        #expect(messages.remaining("9 seconds") == "9 seconds left")
        #expect(messages.remaining("100% of 5 seconds") == "100% of 5 seconds left")
        #expect(messages.spokenDuration(62) == "1 minute, 2 seconds")
    }

    @Test(
        "Hint texts and their announcements",
        arguments: [
            (HintKind.hold, "Hold to record, release to send", "Hold to record, release to send"),
            (HintKind.accessOff, "Microphone access is off", "Microphone access is off, Settings"),
            (HintKind.stopped, "Recording stopped", "Recording stopped"),
        ])
    func hints(kind: HintKind, text: String, announced: String) {
        #expect(Messages().hintText(for: kind) == text)
        #expect(Messages().hintAnnouncement(for: kind) == announced)
    }

    @Test("Every line can be replaced")
    func replaced() {
        var messages = Messages(accessOff: "Mikrofon aus", settings: "Einstellungen", stopped: "Angehalten")
        messages.holdToRecord = "Halten"
        #expect(messages.accessOffSpoken == "Mikrofon aus, Einstellungen")
        #expect(messages.hintText(for: .stopped) == "Angehalten")
        #expect(messages.hintText(for: .hold) == "Halten")
        #expect(messages.record == "Record voice message")
    }

    @Test("Lines with no translation are the English; values fill their named places")
    func localizedFallback() {
        #expect(Localization.text("No line has these words") == "No line has these words")
        #expect(Localization.text("{count} memo", "{count} memos", count: 2) == "{count} memos")
        #expect(tr("{count} second", "{count} seconds", count: 1) == "1 second")
        #expect("{a} and {b}, {a}".filling(["a": "x", "b": "100%"]) == "x and 100%, x")
    }

    @Test("Dates are written in the language the words are in: LANGUAGE's first, else the person's locale")
    func localeFollowsTheWords() {
        #expect(Localization.locale(environment: ["LANGUAGE": "de:en", "LANG": "C.UTF-8"]).identifier == "de")
        #expect(Localization.locale(environment: ["LANGUAGE": "ar"]).identifier == "ar")
        #expect(Localization.locale(environment: ["LANG": "C.UTF-8"]) == .autoupdatingCurrent)
        #expect(Localization.locale(environment: ["LANGUAGE": "de", "LC_ALL": "C"]) == .autoupdatingCurrent)
    }
}
