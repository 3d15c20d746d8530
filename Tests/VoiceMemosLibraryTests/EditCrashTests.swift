import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC I.1's crash safety with real processes killed by SIGKILL: a kill at any step of saving an edit (a first
/// trim, an edit of an edited memo, a revert), or at a moment no step marks, leaves the memo whole, as it was or as
/// it became (audio, row, waveform and transcript agreeing), never both and never neither, and the next start
/// leaves no stray file.
@Suite(.serialized) struct EditCrashTests {
    static let kinds = ["trim", "again", "revert"]

    /// What a run without a kill leaves, per kind: the memo after the save.
    static let finished: [String: String] = {
        var finished: [String: String] = [:]
        for kind in kinds {
            guard let scratch = try? ScratchDirectory(), let temporary = try? scratch.directory("tmp"),
                let run = try? ProbeProcess.run(
                    ["edit", scratch.file("library").path, kind], temporaryDirectory: temporary),
                let memo = run.event("edited")?["memo"] as? [String: Any]
            else { continue }
            finished[kind] = canonical(memo)
        }
        return finished
    }()

    @Test(arguments: kinds, EditStep.allCases)
    func aKillAtAnyStepOfSavingAnEditLeavesTheMemoWholeOldOrNew(kind: String, after step: EditStep) throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        let run = try ProbeProcess.run(
            ["edit", root.path, kind], temporaryDirectory: temporary,
            environment: ["MEMOS_PROBE_KILL_EDIT_AFTER": step.rawValue])
        let before = Self.canonical(try #require(run.event("before")?["memo"] as? [String: Any], "\(run.stdout)"))
        let after = try #require(Self.finished[kind], "the run without a kill")
        let died = run.signalled && run.status == SIGKILL
        // A step a save of this kind never takes (a first edit's link in a revert): the save finishes.
        #expect(died || run.event("edited") != nil, "\(run.stderr)")

        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
        let memos = try library.open()
        #expect(memos.count == 1)
        let memo = try #require(memos.first)
        let now = Self.canonical(try Self.state(of: memo, library))
        let committed = !died || [.committed, .fileReplaced, .originalReleased, .finished].contains(step)
        #expect(now == (committed ? after : before), "whole, and \(committed ? "new" : "old")")
        #expect(
            try Takes.decodedFrames(library.fileURL(of: memo.id)) == Int((memo.duration * 24_000).rounded()),
            "its audio is its row's length")
        #expect(!memo.isRecovered && !memo.isMissing)
        #expect(names(in: library.layout.editsDirectory).isEmpty, "no edit left half done")
        #expect(
            names(in: library.layout.originalsDirectory) == (memo.isEdited ? ["\(memo.id.uuidString).m4a"] : []),
            "the original kept exactly while the memo is edited")
        #expect(names(in: library.layout.memosDirectory) == ["\(memo.id.uuidString).m4a"])
        try library.close()
        #expect(try integrityCheck(library.layout.database) == ["ok"])

        // And it goes on: reverted (or edited) as if nothing had happened.
        let again = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
        _ = try again.open()
        let next = memo.isEdited ? try again.revert(memo.id) : try again.edit(memo.id, .trim(from: 0, to: 1))
        #expect(next.memo.duration == (memo.isEdited ? 2 : 1))
        #expect(names(in: again.layout.editsDirectory).isEmpty)
    }

    @Test func aKillAtMomentsNoStepMarksLeavesTheMemoWhole() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        var seen = Set<Double>()
        for delay in [0, 1_000, 3_000, 7_000, 13_000, 23_000, 37_000, 53_000, 71_000, 97_000] {
            let editor = try ProbeProcess(["edit-loop", root.path], temporaryDirectory: temporary)
            #expect(editor.waitForOutput("\"editing\""), "it saved once at least")
            letTimePass(Double(delay) / 1_000_000)
            editor.send(SIGKILL)
            let result = editor.wait()
            #expect(result.signalled && result.status == SIGKILL, "\(result.stderr)")

            let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
            let memos = try library.open()
            for memo in memos {
                let words = try library.transcript(of: memo.id)?.words.map(\.text)
                #expect(memo.duration == 2 || memo.duration == 1.5, "old or new: \(memo.duration)")
                #expect(words == (memo.duration == 2 ? ["first", "second"] : ["second"]), "its words agree")
                #expect(memo.waveform.levels.count == Int((memo.duration / 0.05).rounded()), "its waveform agrees")
                #expect(memo.isEdited == (memo.duration == 1.5))
                #expect(
                    try Takes.decodedFrames(library.fileURL(of: memo.id)) == Int((memo.duration * 24_000).rounded()))
                seen.insert(memo.duration)
            }
            #expect(names(in: library.layout.editsDirectory).isEmpty)
            #expect(names(in: library.layout.originalsDirectory).count == memos.filter(\.isEdited).count)
            try library.close()
            #expect(try integrityCheck(library.layout.database) == ["ok"])
        }
    }

    /// What a test compares of a memo: its duration, whether it is edited, its waveform and its words with times.
    static func state(of memo: Memo, _ library: SQLiteMemoLibrary) throws -> [String: Any] {
        [
            "duration": memo.duration, "edited": memo.isEdited, "waveform": memo.waveform.levels.map(Int.init),
            "words": try library.transcript(of: memo.id)?.words.map { [$0.text, $0.start, $0.end] as [Any] } ?? [],
        ]
    }

    /// The fields `state` describes, as canonical JSON text (keys sorted): equal text, equal memos.
    static func canonical(_ memo: [String: Any]) -> String {
        let fields = memo.filter { ["duration", "edited", "waveform", "words"].contains($0.key) }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
