import Testing
import VoiceMemos
import VoiceRecorder

/// SPEC I.1's arithmetic: what a trim or a cut keeps, to the frame, what it refuses, and what it does to a
/// transcript's words.
@Suite("Voice memos: trimming and cutting, the plan (SPEC I.1)")
struct MemoEditTests {
    let rate = AudioFormat.sampleRate
    /// A 10-second memo.
    var frames: Int { 10 * rate }

    @Test func aTrimKeepsItsRangeToTheNearestFrame() throws {
        let plan = try MemoEdit.trim(from: 1.5, to: 4.000_01).plan(frames: frames)
        #expect(plan.kept == [36_000 ..< 96_000])
        #expect(plan.frames == 60_000)
        #expect(plan.duration == 2.5)
    }

    @Test func aCutKeepsWhatIsBeforeAndAfter() throws {
        let plan = try MemoEdit.cut(from: 2, to: 3).plan(frames: frames)
        #expect(plan.kept == [0 ..< 48_000, 72_000 ..< 240_000])
        #expect(plan.duration == 9)
        #expect(try MemoEdit.cut(from: 0, to: 3).plan(frames: frames).kept == [72_000 ..< 240_000], "the head")
        #expect(try MemoEdit.cut(from: 8, to: 10).plan(frames: frames).kept == [0 ..< 192_000], "the tail")
    }

    @Test(arguments: [
        (MemoEdit.trim(from: 3, to: 2), MemoEditError.backwards),
        (.cut(from: 4, to: 4), .backwards),
        (.trim(from: -1, to: 2), .outside(length: 10)),
        (.trim(from: 1, to: 10.5), .outside(length: 10)),
        (.cut(from: 0, to: 10), .nothingKept),
        (.trim(from: .nan, to: 2), .notANumber),
        (.trim(from: 1, to: 1.000_01), .empty),
    ])
    func aRangeOutsideTheMemoOrBackwardsIsRefusedInWords(_ edit: MemoEdit, _ error: MemoEditError) {
        #expect(throws: error) { try edit.plan(frames: frames) }
    }

    @Test func theRefusalsReadAsSentences() {
        #expect(MemoEditError.outside(length: 12.5).description == "the range must lie inside the memo (0 to 12.5 s)")
        #expect(MemoEditError.backwards.description == "the range ends before it starts")
    }

    @Test func timesMoveByWhatWasCutBeforeThem() throws {
        let plan = try MemoEdit.cut(from: 2, to: 3).plan(frames: frames)
        #expect(plan.editedTime(of: 1)?.time == 1)
        #expect(plan.editedTime(of: 2.5) == nil, "cut")
        #expect(plan.editedTime(of: 3.5)?.time == 2.5)
        #expect(plan.editedTime(of: 10)?.time == 9, "the very end stays the end")
        let trim = try MemoEdit.trim(from: 1, to: 4).plan(frames: frames)
        #expect(trim.editedTime(of: 0.5) == nil)
        #expect(trim.editedTime(of: 1.25)?.time == 0.25)
    }

    @Test func theTranscriptKeepsItsWordsMovedAndDropsTheCutOnes() throws {
        let transcript = Transcript(
            language: "en",
            words: [
                .init(text: "Is", start: 0.2, end: 0.4), .init(text: "it", start: 0.4, end: 0.6),
                .init(text: "on?", start: 0.6, end: 1.9),  // its middle (1.25) is cut: it goes
                .init(text: "Call", start: 2.9, end: 3.3),  // its middle (3.1) is kept: it stays, held at the cut
                .init(text: "the", start: 3.3, end: 3.45), .init(text: "dentist.", start: 3.5, end: 4.1),
            ])
        let plan = try MemoEdit.cut(from: 0.5, to: 3).plan(frames: frames)
        let edited = plan.transcript(transcript)
        #expect(edited.language == "en")
        #expect(edited.words.map(\.text) == ["Is", "Call", "the", "dentist."])
        #expect(edited.words[0].start == 0.2 && edited.words[0].end == 0.4)
        #expect(edited.words[1].start == 0.5 && edited.words[1].end == 0.8, "clipped to where its range starts")
        #expect(edited.words[3].start == 1 && edited.words[3].end == 1.6)
    }

    @Test func aTrimThatKeepsNoWordLeavesAnEmptyTranscriptWithNoLanguage() throws {
        let transcript = Transcript(language: "en", words: [.init(text: "Hello", start: 5, end: 5.5)])
        let edited = try MemoEdit.trim(from: 0, to: 2).plan(frames: frames).transcript(transcript)
        #expect(edited == Transcript(language: "", words: []))
    }

    @Test func anEditOfAnEditedMemoIsAPlanOfItsOriginal() throws {
        let first = try MemoEdit.cut(from: 2, to: 3).plan(frames: frames)  // keeps 0–2 s and 3–10 s
        // Of the 9 s left, keep 1–4 s: the original's 1–2 s and 3–5 s.
        let second = try MemoEdit.trim(from: 1, to: 4).plan(frames: first.frames)
        let composed = second.applied(after: first)
        #expect(composed.kept == [24_000 ..< 48_000, 72_000 ..< 120_000])
        #expect(composed.originalFrames == frames)
        #expect(composed.frames == second.frames)
        // A cut that closes the gap of the first joins the pieces again where they meet in the original.
        let whole = MemoEditPlan.whole(frames: frames)
        #expect(MemoEditPlan(kept: [0 ..< 240_000], originalFrames: frames).applied(after: whole) == whole)
        #expect(whole.isWhole && !first.isWhole)
        let joined = MemoEditPlan(kept: [0 ..< 48_000, 48_000 ..< 216_000], originalFrames: first.frames)
        #expect(joined.applied(after: first).kept == [0 ..< 48_000, 72_000 ..< 240_000])
    }

    @Test func aStoredPlanIsCheckedBeforeItIsTrusted() {
        #expect(MemoEditPlan.isValid(kept: [0 ..< 10, 20 ..< 30], originalFrames: 30))
        #expect(!MemoEditPlan.isValid(kept: [20 ..< 30, 0 ..< 10], originalFrames: 30), "out of order")
        #expect(!MemoEditPlan.isValid(kept: [0 ..< 10, 5 ..< 30], originalFrames: 30), "overlapping")
        #expect(!MemoEditPlan.isValid(kept: [0 ..< 31], originalFrames: 30), "outside")
        #expect(!MemoEditPlan.isValid(kept: [], originalFrames: 30), "nothing kept")
    }
}
