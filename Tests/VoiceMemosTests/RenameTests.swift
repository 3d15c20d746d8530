import Foundation
import Testing
import VoiceMemos

@Suite("Voice memos: rename (SPEC B.5)")
struct RenameTests {
    @Test func aTitleIsSavedHalfASecondAfterTheFirstKeystrokeWithEverythingTypedBy() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.titleEdited(memo.id, "M"))
        rig.advance(by: 0.1)
        rig.send(.titleEdited(memo.id, "Me"))
        rig.advance(by: 0.1)
        rig.send(.titleEdited(memo.id, "Mee"))
        #expect(rig.state.memos[0].title == "Mee", "shown as typed at once")
        rig.advance(by: 0.29)
        #expect(rig.calls().isEmpty, "not yet: 0.49 s after the first keystroke")
        rig.advance(by: 0.01)
        #expect(rig.calls() == [.rename(memo.id, "Mee")])
        rig.advance(by: 5)
        #expect(rig.calls().isEmpty, "saved once")
        #expect(rig.state.unsavedTitles.isEmpty)
    }

    @Test func aSteadyTypistIsNeverMoreThanHalfASecondBehind() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        var typed = ""
        var saves: [(time: Double, title: String)] = []
        var typedAt: [String: Double] = [:]
        for index in 0 ..< 30 {  // a keystroke every 0.1 s for 3 s
            typed += "abcdefghij".map(String.init)[index % 10]
            typedAt[typed] = rig.test.scheduler.now
            rig.send(.titleEdited(memo.id, typed))
            rig.advance(by: 0.1)
            for case .rename(_, let title) in rig.calls() { saves.append((rig.test.scheduler.now, title)) }
        }
        #expect(saves.count >= 5, "saved as typed, not only when typing stops")
        for save in saves {
            // Whatever was typed more than 0.5 s before a save is in it.
            let due = typedAt.filter { $0.value <= save.time - 0.5 - 1e-9 }.map(\.key).max { $0.count < $1.count }
            if let due { #expect(save.title.hasPrefix(due), "at \(save.time) s the save holds \(due)") }
        }
    }

    @Test func leavingTheFieldSavesAtOnce() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.titleEdited(memo.id, "Groceries"))
        rig.send(.titleEditingEnded(memo.id))
        #expect(rig.calls() == [.rename(memo.id, "Groceries")])
        rig.advance(by: 1)
        #expect(rig.calls().isEmpty, "the pending save was called off")
        rig.send(.titleEditingEnded(memo.id))
        #expect(rig.calls().isEmpty, "nothing unsaved, nothing saved")
    }

    @Test func newlinesBecomeSpacesAndTwoHundredCharactersAreKept() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.titleEdited(memo.id, "line one\nline two\r\nthree\u{2028}four"))
        rig.send(.titleEditingEnded(memo.id))
        #expect(rig.calls() == [.rename(memo.id, "line one line two three four")])

        let long = String(repeating: "👍🏽", count: 150) + String(repeating: "x", count: 100)
        rig.send(.titleEdited(memo.id, long))
        rig.send(.titleEditingEnded(memo.id))
        let saved = String(repeating: "👍🏽", count: 150) + String(repeating: "x", count: 50)
        #expect(rig.calls() == [.rename(memo.id, saved)])
        #expect(rig.state.memos[0].title.count == 200)
    }

    @Test(arguments: [
        "\"quoted\" 'and' `ticks`", "Robert'); DROP TABLE memos;--", "🎙️ Ideas 🚀", "שלום עולם",
        "مرحبا بالعالم", "  spaces kept  ", "tab\tkept",
    ])
    func anyTextIsKeptAsTyped(_ title: String) {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.titleEdited(memo.id, title))
        rig.advance(by: 0.5)
        #expect(rig.calls() == [.rename(memo.id, title)])
        #expect(rig.state.memos[0].title == title)
    }

    @Test func anUnsavedTitleIsSavedBeforeItsMemoIsDeleted() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.titleEdited(memo.id, "Last words"))
        rig.send(.delete(memo.id))
        #expect(rig.calls() == [.rename(memo.id, "Last words"), .delete(memo.id, at: rig.now)])
        rig.advance(by: 1)
        #expect(rig.calls().isEmpty)
    }

    @Test func aFailedSaveSaysSo() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.test.library.failures[.rename] = "the disk is full"
        rig.send(.titleEdited(memo.id, "x"))
        rig.advance(by: 0.5)
        #expect(rig.state.alert == .failed("The title could not be saved: the disk is full"))
    }
}
