import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

@Suite("Voice memos: files dropped on the window (SPEC J.3)")
struct ImportTests {
    private let speech = URL(fileURLWithPath: "/home/person/speech.wav")
    private let notes = URL(fileURLWithPath: "/home/person/notes.txt")
    private let song = URL(fileURLWithPath: "/home/person/song.ogg")

    @Test func eachDroppedFileBecomesAMemoInTheOrderDropped() {
        let rig = Rig(memos: [memo(1)])
        rig.send(.filesDropped([speech, song]))
        let first = TestDependencies.uuid(1)
        let second = TestDependencies.uuid(2)
        #expect(
            rig.calls() == [
                .importFile(speech, id: first),
                .keep(speech, id: first, date: rig.test.epoch, title: "", isRecovered: false),
                .importFile(song, id: second),
                .keep(song, id: second, date: rig.test.epoch, title: "", isRecovered: false),
            ])
        #expect(rig.state.visibleMemos.map(\.id) == [first, second, memo(1).id], "where their dates put them")
        #expect(rig.state.importProblems.isEmpty)
    }

    @Test func aFileThatIsNotAudioIsOneProblemNamingItAndTheRestComeIn() {
        let rig = Rig()
        rig.test.importer.failures = [notes: "notes.txt: not an audio file (it is text)"]
        rig.send(.filesDropped([speech, notes, song]))
        #expect(rig.state.visibleMemos.count == 2)
        #expect(
            rig.state.importProblems == [ImportProblem(file: "notes.txt", reason: "not an audio file (it is text)")])
        #expect(rig.state.importProblems.first?.message == "“notes.txt” not imported: not an audio file (it is text)")
        #expect(rig.state.alert == nil, "a toast, not an alert over the list")
        rig.send(.importProblemsShown)
        #expect(rig.state.importProblems.isEmpty)
    }

    @Test func aReasonThatDoesNotNameTheFileIsKeptWhole() {
        let problem = ImportProblem(file: "a.wav", reason: "the library's disk is full")
        #expect(problem.message == "“a.wav” not imported: the library's disk is full")
    }

    @Test func anImportedMemoIsTranscribedAtOnceLikeAKeptTake() {
        let rig = Rig(
            memos: [memo(1, transcript: TranscriptSummary(state: .done, firstWords: "older memo words"))],
            transcribes: true)
        _ = rig.calls()
        rig.send(.filesDropped([speech]))
        let imported = TestDependencies.uuid(1)
        #expect(rig.calls().last == .transcribe(rig.test.library.fileURL(of: imported)), "not waiting for idle")
    }

    @Test func nothingIsImportedWithoutALibrary() {
        let rig = Rig(opens: false)
        rig.send(.filesDropped([speech]))
        #expect(rig.calls().isEmpty)
        rig.test.library.failures = [.open: "disk on fire"]
        rig.model.start()
        _ = rig.calls()
        rig.send(.alertDismissed)
        rig.send(.filesDropped([speech]))
        #expect(rig.calls().isEmpty)
        #expect(rig.state.alert != nil, "the library's failure is said again")
    }
}
