import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

@Suite("Voice memos: the live transcript while recording (SPEC K)")
struct LiveTranscriptTests {
    @Test func aTakeStartsItsLiveTranscriptAndShowsItsWordsAsTheyCome() {
        let rig = Rig(transcribesLive: true)
        rig.test.recorder.report(.phase(.holding))
        #expect(rig.calls() == [.liveTranscriptStart])
        #expect(rig.state.take?.liveTranscript == LiveTranscript(), "nothing said yet: nothing shown")

        rig.test.liveTranscriber.say(.tentative("Call the"))
        rig.runPosted()
        #expect(rig.state.take?.liveTranscript?.text == "Call the")
        rig.test.liveTranscriber.say(.phrase(LivePhrase(text: "Call the dentist", start: 0.4, end: 1.3)))
        rig.test.liveTranscriber.say(.tentative("on Mon"))
        rig.runPosted()
        #expect(rig.state.take?.liveTranscript?.settledText == "Call the dentist")
        #expect(rig.state.take?.liveTranscript?.text == "Call the dentist on Mon")
    }

    @Test func theLiveTranscriptStopsWhenTheTakeIsKeptAndTheMemosOwnTranscriptFollows() {
        let rig = Rig(transcribes: true, transcribesLive: true)
        rig.test.recorder.report(.phase(.holding))
        rig.test.liveTranscriber.say(.phrase(LivePhrase(text: "Hello", start: 0, end: 0.5)))
        rig.runPosted()
        _ = rig.calls()
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(recording()))
        let calls = rig.calls()
        #expect(calls.first == .liveTranscriptCancel(1), "stopped before the memo is kept: \(calls)")
        #expect(calls.contains { if case .keep = $0 { true } else { false } })
        #expect(calls.contains { if case .transcribe = $0 { true } else { false } }, "E's transcript at once")
        #expect(rig.state.take == nil)
    }

    @Test func aDiscardedTakeStopsItsLiveTranscript() {
        let rig = Rig(transcribesLive: true)
        rig.test.recorder.report(.phase(.holding))
        _ = rig.calls()
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.cancelled))
        #expect(rig.calls() == [.liveTranscriptCancel(1)])
    }

    @Test func wordsOfAnEarlierTakeAreNeverShownOnTheNext() {
        let rig = Rig(transcribesLive: true)
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.tooShort))
        rig.test.recorder.report(.phase(.holding))
        #expect(rig.calls() == [.liveTranscriptStart, .liveTranscriptCancel(1), .liveTranscriptStart])
        // The first take's report was already on its way to the model's thread when it was cancelled.
        rig.send(.liveTranscript(.tentative("from before"), take: 1))
        #expect(rig.state.take?.liveTranscript == LiveTranscript())
        rig.test.liveTranscriber.say(.tentative("now"))
        rig.runPosted()
        #expect(rig.state.take?.liveTranscript?.text == "now")
    }

    @Test func aTranscriptThatIsUnavailableHidesTheWordsAndTheTakeRecordsOn() {
        let rig = Rig(transcribesLive: true)
        rig.test.recorder.report(.phase(.locked))
        rig.test.liveTranscriber.say(.tentative("Hel"))
        rig.test.liveTranscriber.say(.unavailable("Transcripts are not installed"))
        rig.runPosted()
        #expect(rig.state.take?.liveTranscript == nil)
        #expect(rig.state.take?.phase == .locked)
        #expect(rig.state.alert == nil, "no engine: the app says nothing more than before")
        rig.test.liveTranscriber.say(.tentative("late"))
        rig.runPosted()
        #expect(rig.state.take?.liveTranscript == nil, "given up stays given up")
    }

    @Test func pausingAndRecordingOnKeepsTheSameLiveTranscript() {
        let rig = Rig(transcribesLive: true)
        rig.test.recorder.report(.phase(.locked))
        rig.test.liveTranscriber.say(.phrase(LivePhrase(text: "First part.", start: 0, end: 1)))
        rig.runPosted()
        rig.test.recorder.report(.phase(.paused))
        rig.test.recorder.report(.phase(.locked))
        #expect(rig.calls() == [.liveTranscriptStart], "one take, one transcript")
        #expect(rig.state.take?.liveTranscript?.settledText == "First part.")
    }

    @Test func noLiveTranscriberNoWordsAndNoCalls() {
        let rig = Rig()
        rig.test.recorder.report(.phase(.holding))
        #expect(rig.calls().isEmpty)
        #expect(rig.state.take?.liveTranscript?.text == "")
    }
}

@Suite("Voice memos: what the window shows of a live transcript (SPEC K)")
struct LiveTranscriptTextTests {
    private func transcript(_ phrases: [String], tentative: String = "") -> LiveTranscript {
        var live = LiveTranscript()
        for (index, phrase) in phrases.enumerated() {
            live.apply(.phrase(LivePhrase(text: phrase, start: Double(index), end: Double(index) + 1)))
        }
        live.apply(.tentative(tentative))
        return live
    }

    @Test func shortWordsAreShownWhole() {
        let tail = transcript(["Call the dentist"], tentative: "on Monday").shownTail()
        #expect(tail.settled == "Call the dentist ")
        #expect(tail.tentative == "on Monday")
        #expect(transcript([], tentative: "Hel").shownTail() == (settled: "", tentative: "Hel"))
        #expect(transcript(["Done."]).shownTail() == (settled: "Done.", tentative: ""))
    }

    @Test func aLongTakeShowsItsLastWordsCutAtAWord() {
        let words = (1 ... 60).map { "word\($0)" }
        let tail = transcript([words.joined(separator: " ")], tentative: "and more").shownTail(limit: 40)
        #expect(tail.settled.hasPrefix("…word"))
        #expect(tail.tentative == "and more")
        let shown = tail.settled.dropFirst() + tail.tentative
        #expect(shown.count <= 40)
        #expect(shown.split(separator: " ").allSatisfy { $0 == "and" || $0 == "more" || words.contains(String($0)) })
        #expect(tail.settled.hasSuffix("word60 "))
    }

    @Test func aLongTentativeRunIsCutToo() {
        let tail = transcript(["Start."], tentative: String(repeating: "maybe ", count: 40) + "end").shownTail(
            limit: 30)
        #expect(tail.settled == "…")
        #expect(tail.tentative.hasSuffix("end"))
        #expect(tail.tentative.count <= 30)
    }

    @Test func anUpdateThatEndsOrGivesUpClearsTheTentativeWords() {
        var live = transcript(["Settled"], tentative: "maybe")
        live.apply(.ended)
        #expect(live.text == "Settled")
    }
}
