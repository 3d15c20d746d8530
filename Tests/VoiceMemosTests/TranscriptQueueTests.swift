import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// The transcript queue (SPEC E.1, E.2) on the test clock with the test transcriber: the order, one job at a time,
/// held during a take, dropped with a deleted memo, failures and retries, an engine that is not there.
@Suite("Voice memos: the transcript queue (SPEC E.1)")
struct TranscriptQueueTests {
    static func words(_ text: String) -> [Transcript.Word] {
        text.split(separator: " ").enumerated().map { index, word in
            Transcript.Word(text: String(word), start: Double(index), end: Double(index) + 0.8)
        }
    }

    static func transcript(_ text: String) -> Transcript { Transcript(language: "en", words: words(text)) }

    /// Ends the current job with `report`, as the engine's report arrives on the model's thread.
    func finish(_ rig: Rig, with report: TranscriptionReport) {
        rig.test.transcriber.last?.report(report)
        rig.runPosted()
    }

    @Test func keptMemosGoFirstThenTheRestNewestFirstOneAtATime() throws {
        let memos = [memo(1), memo(2, transcript: TranscriptSummary(state: .done, firstWords: "old")), memo(3)]
        let rig = Rig(memos: memos, transcribes: true)
        #expect(rig.test.transcriber.jobs.map(\.url) == [rig.file(memos[0])], "the newest without one")
        #expect(rig.state.transcriptState(of: memos[0].id) == .transcribing(progress: 0))
        #expect(rig.state.transcriptState(of: memos[2].id) == .pending)

        // A take kept meanwhile goes before the older memo.
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(recording()))
        let kept = try #require(rig.state.memos.first { $0.number > 0 })

        rig.test.transcriber.last?.report(.progress(0.4))
        rig.runPosted()
        #expect(rig.state.transcriptState(of: memos[0].id) == .transcribing(progress: 0.4))
        #expect(rig.state.transcriptState(of: memos[0].id).words == "Transcribing… 40%")
        finish(rig, with: .done(Self.transcript("Remember to call the dentist about Tuesday at nine")))
        #expect(rig.test.library.transcripts[memos[0].id]?.words.count == 9, "stored")
        let saved = try #require(rig.state.memo(memos[0].id))
        #expect(saved.transcript.state == .done)
        #expect(MemoTitle.displayTitle(of: saved) == "Remember to call the dentist about…", "its first words")
        #expect(rig.test.transcriber.jobs.map(\.url) == [rig.file(memos[0]), rig.file(kept)], "the kept memo next")

        finish(rig, with: .done(Transcript(language: "", words: [])))
        #expect(rig.state.memo(kept.id)?.transcript.state == TranscriptState.none, "no speech")
        #expect(rig.test.transcriber.jobs.count == 2, "the older memo waits: the take was the person's doing")
        rig.advance(by: MemosTiming.backFillIdle)
        #expect(rig.test.transcriber.jobs.last?.url == rig.file(memos[2]))
        finish(rig, with: .done(Self.transcript("last one")))
        #expect(rig.test.transcriber.jobs.count == 3, "memo 2 had one already: nothing more to do")
        #expect(rig.state.transcripts.current == nil)
    }

    @Test func aJobIsHeldWhileATakeIsRecordedAndNoneStartsDuringOne() {
        let memos = [memo(1), memo(2)]
        let rig = Rig(memos: memos, transcribes: true)
        _ = rig.calls()
        rig.test.recorder.report(.phase(.holding))
        #expect(rig.calls() == [.pauseTranscription(job: 1)], "held as the take starts")
        #expect(rig.test.transcriber.last?.isPaused == true)
        finish(rig, with: .done(Self.transcript("first")))
        #expect(rig.test.transcriber.jobs.count == 1, "the next waits for the take to end")
        rig.test.recorder.report(.phase(.locked))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.cancelled))
        #expect(rig.test.transcriber.jobs.count == 1, "an older memo waits until the app is left alone")
        rig.advance(by: MemosTiming.backFillIdle)
        #expect(rig.test.transcriber.jobs.count == 2, "the take is over and the app left alone: the next memo")
        #expect(rig.test.transcriber.last?.isPaused == false)

        _ = rig.calls()
        rig.test.recorder.report(.phase(.holding))
        #expect(rig.calls() == [.pauseTranscription(job: 2)])
        rig.test.recorder.report(.phase(.idle))
        #expect(rig.calls() == [.resumeTranscription(job: 2)], "the take has ended: the held job goes on")
    }

    @Test func deletingTheMemoBeingTranscribedDropsItsJobAndRestoringItQueuesItAgain() {
        let memos = [memo(1), memo(2)]
        let rig = Rig(memos: memos, transcribes: true)
        _ = rig.calls()
        rig.send(.delete(memos[0].id))
        let calls = rig.calls()
        #expect(calls.contains(.cancelTranscription(job: 1)))
        #expect(rig.test.transcriber.jobs[0].isCancelled)
        rig.advance(by: MemosTiming.backFillIdle)
        #expect(rig.test.transcriber.last?.url == rig.file(memos[1]), "the next one runs once left alone")
        rig.test.transcriber.jobs[0].report(.done(Self.transcript("too late")))
        rig.runPosted()
        #expect(rig.test.library.transcripts[memos[0].id] == nil, "nothing from a dropped job is stored")

        // Restored from Recently Deleted (the toast's Undo has gone by in the wait).
        rig.send(.restore(memos[0].id))
        finish(rig, with: .done(Self.transcript("second")))
        rig.advance(by: MemosTiming.backFillIdle)
        #expect(rig.test.transcriber.last?.url == rig.file(memos[0]), "back in the list, back in the queue")
    }

    @Test func aFailureIsStoredWithItsReasonAndTriedAgainOnlyAtTheNextStart() {
        let memos = [memo(1), memo(2)]
        let rig = Rig(memos: memos, transcribes: true)
        finish(rig, with: .failed("the file can't be decoded"))
        #expect(rig.state.memo(memos[0].id)?.transcript.state == .failed("the file can't be decoded"))
        #expect(rig.state.memo(memos[0].id)?.transcript.failedAttempts == 1)
        finish(rig, with: .done(Self.transcript("fine")))
        #expect(rig.test.transcriber.jobs.count == 2, "not again in this run")

        // The next start: tried again while it has failed fewer than three times.
        let again = Rig(memos: rig.test.library.memos, transcribes: true)
        #expect(again.test.transcriber.jobs.map(\.url) == [again.file(memos[0])])
        let spent = memo(3, transcript: TranscriptSummary(state: .failed("not audio"), failedAttempts: 3))
        let third = Rig(memos: [spent], transcribes: true)
        #expect(third.test.transcriber.jobs.isEmpty, "three failures: left as failed")
        #expect(third.state.transcriptState(of: spent.id).words == "Could not transcribe")
    }

    @Test func noEngineStopsTheQueueAndChangesNothingElse() {
        let memos = [memo(1), memo(2, transcript: TranscriptSummary(state: .done, firstWords: "kept words"))]
        let rig = Rig(memos: memos, transcribes: true)
        finish(rig, with: .unavailable("Transcripts are not installed: run the installer"))
        #expect(rig.test.transcriber.jobs.count == 1, "nothing more is tried")
        #expect(
            rig.state.transcriptState(of: memos[0].id)
                == .unavailable("Transcripts are not installed: run the installer"))
        #expect(rig.state.transcriptState(of: memos[0].id).words == "Transcripts are not installed")
        #expect(rig.state.transcriptState(of: memos[1].id) == .done, "what was made stays")
        #expect(rig.state.alert == nil, "never an alert")
        #expect(rig.test.library.memos.allSatisfy { $0.id != memos[0].id || $0.transcript == .pending })
    }

    @Test func aJobCutShortIsDoneAgainAtTheNextStartAndStoredOnce() {
        let memos = [memo(1)]
        let first = Rig(memos: memos, transcribes: true)
        first.test.transcriber.last?.report(.progress(0.7))
        first.runPosted()
        // The app is killed here: nothing was stored.
        let second = Rig(memos: first.test.library.memos, transcribes: true)
        #expect(second.test.transcriber.jobs.count == 1)
        finish(second, with: .done(Self.transcript("all of it")))
        #expect(second.test.log.calls.filter { if case .saveTranscript = $0 { true } else { false } }.count == 1)
    }

    @Test func anEngineKnownToBeMissingIsUnavailableFromTheStartWithoutAJob() {
        let rig = Rig(memos: [memo(1)], transcribes: true) { test in test.transcriber.unavailable = "not installed" }
        #expect(rig.test.transcriber.jobs.isEmpty)
        #expect(rig.state.transcriptState(of: memo(1).id) == .unavailable("not installed"))
    }

    @Test func aModelWithoutATranscriberMakesNoJobs() {
        let rig = Rig(memos: [memo(1)])
        #expect(rig.test.transcriber.jobs.isEmpty)
        #expect(rig.state.transcriptState(of: memo(1).id) == .pending)
    }
}
