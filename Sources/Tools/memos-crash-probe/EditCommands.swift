import Foundation
import VoiceMemos
import VoiceMemosLibrary

#if canImport(Glibc)
    import Glibc
#endif

// The probe's edit commands (SPEC I.1), for the kill tests of saving an edit:
//
//   edit DIR trim|again|revert   keeps a 2 s memo with two words, then (again, revert) trims it to 0.5–2 s, then
//                                makes the armed save: trim (0.5–2 s of the new memo), again (cut 0.25–0.75 s of
//                                the trimmed one) or revert. With MEMOS_PROBE_KILL_EDIT_AFTER set to an EditStep, it
//                                dies right after that step of the armed save. Says "before" (the memo as the armed
//                                save finds it) and "edited" (as it leaves it).
//   edit-loop DIR                keeps such a memo, then trims and reverts it for ever, saying "editing" after the
//                                first save: to be killed at a moment no step marks.

/// The words the probe's memos are transcribed with: one in the first half second, one after it.
let probeWords = [
    Transcript.Word(text: "first", start: 0.2, end: 0.4), Transcript.Word(text: "second", start: 1.2, end: 1.6),
]

/// Whether the next save is the one to die in.
nonisolated(unsafe) var editIsArmed = false

/// A library that dies after the edit step `MEMOS_PROBE_KILL_EDIT_AFTER` names, once armed.
func editingLibrary(_ directory: String) -> SQLiteMemoLibrary {
    SQLiteMemoLibrary(root: URL(fileURLWithPath: directory)) { _ in
    } editStepObserver: { step in
        guard editIsArmed, step.rawValue == ProcessInfo.processInfo.environment["MEMOS_PROBE_KILL_EDIT_AFTER"] else {
            return
        }
        say(["event": "dying", "after": step.rawValue])
        raise(SIGKILL)
    }
}

/// The memo as a JSON object: what a test compares after the kill.
func described(_ memo: Memo, _ library: SQLiteMemoLibrary) throws -> [String: Any] {
    [
        "id": memo.id.uuidString, "duration": memo.duration, "edited": memo.isEdited,
        "waveform": memo.waveform.levels.map(Int.init),
        "words": try library.transcript(of: memo.id)?.words.map { [$0.text, $0.start, $0.end] as [Any] } ?? [],
    ]
}

/// Keeps a 2 s memo transcribed with `probeWords`.
func transcribedMemo(_ library: SQLiteMemoLibrary) throws -> Memo {
    let memo = try keep(library, title: "edited", seconds: 2)
    _ = try library.saveTranscript(Transcript(language: "en", words: probeWords), of: memo.id)
    return memo
}

func runEdit(_ arguments: [String]) throws {
    guard arguments.count == 3, ["trim", "again", "revert"].contains(arguments[2]) else {
        die("edit DIR trim|again|revert", status: 2)
    }
    let library = editingLibrary(arguments[1])
    _ = try library.open()
    var memo = try transcribedMemo(library)
    if arguments[2] != "trim" { memo = try library.edit(memo.id, .trim(from: 0.5, to: 2)).memo }
    say(["event": "before", "memo": try described(memo, library)])
    editIsArmed = true
    let saved =
        switch arguments[2] {
        case "trim": try library.edit(memo.id, .trim(from: 0.5, to: 2))
        case "again": try library.edit(memo.id, .cut(from: 0.25, to: 0.75))
        default: try library.revert(memo.id)
        }
    say(["event": "edited", "memo": try described(saved.memo, library)])
    try library.close()
}

func runEditLoop(_ arguments: [String]) throws {
    let library = editingLibrary(arguments[1])
    _ = try library.open()
    let memo = try transcribedMemo(library)
    var turn = 0
    while true {
        _ = try library.edit(memo.id, .trim(from: 0.5, to: 2))
        if turn == 0 { say(["event": "editing", "id": memo.id.uuidString]) }
        _ = try library.revert(memo.id)
        turn += 1
    }
}
