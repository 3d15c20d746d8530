import Foundation
import Testing
import VoiceMemos

@Suite("Memo rules shared by the app and the CLI (SPEC B.3, B.5, B.6, B.9)")
struct MemoRulesTests {
    // MARK: Titles

    @Test func cleaningTurnsEveryKindOfLineBreakIntoOneSpace() {
        #expect(MemoTitle.clean("a\nb\rc\r\nd\u{2028}e\u{2029}f\u{85}g") == "a b c d e f g")
        #expect(MemoTitle.clean("\n") == " ")
    }

    @Test func cleaningKeepsTwoHundredCharactersAsPeopleCountThem() {
        let family = "👨‍👩‍👧‍👦"  // one character, seven scalars
        #expect(MemoTitle.clean(String(repeating: family, count: 201)) == String(repeating: family, count: 200))
        #expect(MemoTitle.clean(String(repeating: "é", count: 200)).count == 200)
        let exactly = String(repeating: "a", count: 200)
        #expect(MemoTitle.clean(exactly) == exactly)
        #expect(MemoTitle.clean(String(repeating: "a", count: 10_000)).count == 200)
    }

    @Test(arguments: ["", "It's \"fine\"", "x'); DELETE FROM memos; --", "עברית ו-English", "🎤", " lead", "trail "])
    func cleaningChangesNothingElse(_ title: String) {
        #expect(MemoTitle.clean(title) == title)
    }

    @Test func anUntitledMemoIsNewRecordingAndItsNumber() {
        let untitled = Memo(
            id: UUID(), date: Date(timeIntervalSince1970: 1_764_580_440), duration: 1, samples: [], number: 12)
        #expect(MemoTitle.placeholder(of: untitled) == "New Recording 12")
        #expect(MemoTitle.displayTitle(of: untitled) == "New Recording 12")
        var titled = untitled
        titled.title = "Groceries"
        #expect(MemoTitle.displayTitle(of: titled) == "Groceries")
        #expect(MemoTitle.placeholder(of: titled) == "New Recording 12", "the field's placeholder, behind the title")
    }

    @Test func aMemoNotYetNumberedIsNewRecordingAlone() {
        let memo = Memo(id: UUID(), date: Date(), duration: 1, samples: [])
        #expect(MemoTitle.displayTitle(of: memo) == "New Recording")
    }

    // MARK: Search

    @Test(arguments: [
        ("Café au lait", "CAFE"), ("naïve idea", "naive"), ("Ångström", "angstrom"),
        ("École", "ecole"), ("cafe", "Café"), ("Meeting notes", "  notes "), ("ＦＵＬＬ", "full"),
        ("שלום עולם", "עולם"), ("🎙️ Ideas", "ideas"),
    ])
    func searchIgnoresCaseAndAccents(_ title: String, _ query: String) {
        #expect(MemoSearch.matches(title: title, query: query))
    }

    @Test(arguments: [("Café", "cafes"), ("Meeting", "meat"), ("", "a")])
    func searchFindsOnlyWhatIsThere(_ title: String, _ query: String) {
        #expect(!MemoSearch.matches(title: title, query: query))
    }

    @Test func blankSearchMatchesEverything() {
        #expect(MemoSearch.matches(title: "", query: ""))
        #expect(MemoSearch.matches(title: "x", query: "   "))
    }

    @Test func theVisibleListFollowsTheSearchAsYouType() {
        let memos = [
            memo(1, title: "Café plans"), memo(2, title: "Groceries"), memo(3, title: "cafeteria menu"),
            memo(4, title: "Cafe deleted", deletedAt: Date(timeIntervalSinceReferenceDate: 799_999_000)),
        ]
        let rig = Rig(memos: memos)
        #expect(rig.state.visibleMemos.map(\.title) == ["Café plans", "Groceries", "cafeteria menu"])
        rig.send(.searchChanged("CAFÉ"))
        #expect(rig.state.visibleMemos.map(\.title) == ["Café plans", "cafeteria menu"])
        #expect(rig.state.recentlyDeleted.map(\.title) == ["Cafe deleted"], "Recently Deleted is searched too")
        rig.send(.searchChanged("cafet"))
        #expect(rig.state.visibleMemos.map(\.title) == ["cafeteria menu"])
        rig.send(.titleEdited(memos[1].id, "Cafeteria receipts"))
        #expect(rig.state.visibleMemos.map(\.title) == ["Cafeteria receipts", "cafeteria menu"], "a rename re-filters")
        rig.send(.searchChanged(""))
        #expect(rig.state.visibleMemos.count == 3)
    }

    @Test func eachMemosSearchKeyIsFoldedOnceAndFollowsARename() {
        var folded = memo(1, title: "Café ÉTÉ")
        #expect(folded.searchKey == "cafe ete")
        folded.title = "Ｚｏë à l'École"
        #expect(folded.searchKey == "zoe a l'ecole", "a new title, a new key")

        let memos = [memo(1, title: "Café plans"), memo(2, title: "Groceries")]
        let rig = Rig(memos: memos)
        rig.send(.searchChanged("cafe"))
        #expect(rig.state.visibleMemos.map(\.id) == [memos[0].id])
        rig.send(.titleEdited(memos[0].id, "Garden"))
        #expect(rig.state.memo(memos[0].id)?.searchKey == "garden")
        #expect(rig.state.visibleMemos.isEmpty, "its old title no longer finds it")
        rig.send(.titleEdited(memos[1].id, "Groceries for the CAFÉ"))
        #expect(rig.state.visibleMemos.map(\.id) == [memos[1].id], "its new title does")
        rig.send(.searchChanged("GARDÉN"))
        #expect(rig.state.visibleMemos.map(\.id) == [memos[0].id])
    }

    // MARK: Recently Deleted

    @Test func aDeletedMemoIsDueForPurgeAfterExactlyThirtyDays() {
        let deleted = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let memo = Memo(id: UUID(), date: deleted, duration: 1, samples: [], deletedAt: deleted)
        #expect(RecentlyDeleted.purgeDate(of: memo) == deleted.addingTimeInterval(30 * 86_400))
        #expect(!RecentlyDeleted.isDueForPurge(memo, at: deleted.addingTimeInterval(30 * 86_400 - 0.001)))
        #expect(RecentlyDeleted.isDueForPurge(memo, at: deleted.addingTimeInterval(30 * 86_400)))
        var kept = memo
        kept.deletedAt = nil
        #expect(!RecentlyDeleted.isDueForPurge(kept, at: .distantFuture), "a memo in the list is never purged")
        #expect(RecentlyDeleted.dueForPurge([memo, kept], at: .distantFuture).map(\.id) == [memo.id])
    }

    @Test func recentlyDeletedListsTheMostRecentlyDeletedFirst() {
        let base = Date(timeIntervalSinceReferenceDate: 799_000_000)
        let rig = Rig(memos: [
            memo(1, deletedAt: base), memo(2, deletedAt: base.addingTimeInterval(60)),
            memo(3, deletedAt: base.addingTimeInterval(30)),
        ])
        #expect(
            rig.state.recentlyDeleted.map(\.deletedAt) == [
                base.addingTimeInterval(60),
                base.addingTimeInterval(30), base,
            ])
    }

    // MARK: Speeds

    @Test func theThreeSpeeds() {
        #expect(PlaybackSpeed.allCases.map(\.rate) == [1, 1.5, 2])
        #expect(PlaybackSpeed.allCases.map(\.label) == ["1×", "1.5×", "2×"])
        #expect(PlaybackSpeed.allCases.map(\.next) == [.oneAndAHalf, .double, .normal])
        #expect(PlaybackSpeed(rate: 1.25) == nil)
    }
}

@Suite("A memo's waveform in memory")
struct WaveformTests {
    @Test func levelsAreEightBitFractionsOfFullScaleClampedAndFinite() {
        let waveform = Waveform([0, 0.5, 1, -0.2, 1.7, .nan, .infinity, 0.002, 0.0019])
        #expect(waveform.levels == [0, 128, 255, 0, 255, 0, 0, 1, 0])
        #expect(waveform.samples[1] == 128.0 / 255)
        #expect(waveform.count == 9)
    }

    @Test func aLoudnessComesBackWithinHalfALevel() {
        for step in 0 ... 1000 {
            let sample = Double(step) / 1000
            let back = Waveform([sample]).samples[0]
            #expect(abs(back - sample) <= 0.5 / 255 + 1e-12)
        }
    }

    @Test func aMemoKeepsItsWaveformAsLevels() {
        var memo = Memo(id: UUID(), date: Date(), duration: 1, samples: [0.25, 0.75])
        #expect(memo.waveform.levels == [64, 191])
        memo.samples = [1]
        #expect(memo.waveform.levels == [255])
    }
}
