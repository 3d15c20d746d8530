import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderJSON

@Suite("The one mapping of session events to JSON")
struct SessionEventJSONTests {
    static let recording = Recording(
        url: URL(fileURLWithPath: "/tmp/voice-1.m4a"), duration: 1.25, samples: [0.5, 0.25, 1])

    @Test(arguments: [
        (SessionEvent.phase(.holding), #"{"event":"phase","phase":"holding"}"#),
        (.feedback(.selection), #"{"event":"feedback","kind":"selection"}"#),
        (
            .hint(.accessOff, text: "Microphone access is off"),
            #"{"event":"hint","hint":"accessOff","text":"Microphone access is off"}"#
        ),
        (.hintHidden, #"{"event":"hintHidden"}"#),
        (.announce("Recording"), #"{"event":"announce","text":"Recording"}"#),
        (.accessRequested, #"{"event":"accessRequested"}"#),
        (
            .sent(recording, atMaximum: true),
            #"{"event":"sent","duration":1.25,"samples":[0.5,0.25,1],"atMaximum":true}"#
        ),
        (.cancelled(.interrupted), #"{"event":"cancelled","reason":"interrupted"}"#),
        (.tooShort, #"{"event":"tooShort"}"#),
        (.failure("The disk is full"), #"{"event":"failure","message":"The disk is full"}"#),
        (
            .missingMicrophoneUsageDeclaration,
            #"{"event":"debugReminder","text":"Declare why the app uses the microphone: without the declaration it never asks for access."}"#
        ),
        (.pressed(false), #"{"event":"pressed","pressed":false}"#),
        (.passThrough, #"{"event":"passThrough"}"#),
    ])
    func eachEventHasItsLine(_ input: (event: SessionEvent, line: String)) {
        #expect(input.event.json()?.text == input.line)
        #expect(input.event.jsonName != nil)
    }

    @Test func aSpringHomeIsNoLine() {
        #expect(SessionEvent.springHome(velocity: Point(x: 1, y: 2)).json() == nil)
        #expect(SessionEvent.springHome(velocity: .zero).jsonName == nil)
    }

    @Test func aSentTakeCanCarryItsURLAndTheCountOfItsSamples() {
        let sent = SessionEvent.sent(Self.recording, atMaximum: false)
        #expect(
            sent.json(.init(url: true))?.text
                == #"{"event":"sent","url":"/tmp/voice-1.m4a","duration":1.25,"samples":[0.5,0.25,1],"atMaximum":false}"#
        )
        #expect(
            sent.json(.init(url: true, samples: .count))?.text
                == #"{"event":"sent","url":"/tmp/voice-1.m4a","duration":1.25,"samples":3,"atMaximum":false}"#)
    }

    @Test func aTrimmedTakeSaysWhichSecondsItKept() {
        var trimmed = Self.recording
        trimmed.keptFrames = 12_000 ..< 60_000
        #expect(
            SessionEvent.sent(trimmed, atMaximum: false).json()?.text
                == #"{"event":"sent","duration":1.25,"samples":[0.5,0.25,1],"atMaximum":false,"kept":{"start":0.5,"end":2.5}}"#
        )
    }

    @Test func listeningHasItsLine() {
        #expect(SessionEvent.listening(true).json()?.text == #"{"event":"listening","listening":true}"#)
    }

    @Test func everyEventIsMapped() {
        // A new SessionEvent case must be given a line (or be named here as having none).
        let events: [SessionEvent] = [
            .phase(.idle), .feedback(.light), .hint(.hold, text: ""), .hintHidden, .announce(""), .accessRequested,
            .sent(Self.recording, atMaximum: false), .cancelled(.cancelled), .tooShort, .failure(""),
            .missingMicrophoneUsageDeclaration, .pressed(true), .passThrough,
        ]
        let names = events.compactMap(\.jsonName)
        #expect(names.count == events.count)
        #expect(Set(names).count == names.count, "every event has its own name")
    }
}
