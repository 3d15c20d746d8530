import Foundation
import VoiceRecorder

/// Files in (SPEC J.3): audio files dropped on the window become memos, one at a time in the order dropped; a file
/// that is not audio is one toast naming it, and the rest are imported.
extension MemosMachine {
    mutating func filesDropped(_ urls: [URL]) -> [MemosEffect] {
        guard !urls.isEmpty else { return [] }
        switch state.library {
        case .open, .firstScreen:
            return urls.map { .importFile($0) }
        case .failed(let message):
            // Nothing comes in without a library to keep it in (SPEC B.8).
            state.alert = .failed(message)
            return []
        case .closed, .opening:
            return []
        }
    }

    /// An imported memo joins the list where its date puts it and is transcribed as a kept take is: at once, before
    /// older memos (the person has just brought it in).
    mutating func imported(_ memo: Memo) -> [MemosEffect] {
        insert(memo)
        state.transcripts.keptFirst.append(memo.id)
        return []
    }

    mutating func importFailed(_ file: String, reason: String) -> [MemosEffect] {
        state.importProblems.append(ImportProblem(file: file, reason: reason))
        return []
    }
}

/// A dropped file that was not imported, for the toast that names it.
public struct ImportProblem: Sendable, Equatable {
    /// The file's name (not its whole path: the toast is short).
    public var file: String
    /// Why, in words.
    public var reason: String

    /// A problem with `file`; a `reason` that starts by naming the file ("notes.txt: not an audio file", as the
    /// adapters' errors do) loses that name, which the toast gives once.
    public init(file: String, reason: String) {
        self.file = file
        let named = file + ": "
        self.reason = reason.hasPrefix(named) ? String(reason.dropFirst(named.count)) : reason
    }

    /// The toast's text: "“notes.txt” not imported: not an audio file (it is text)".
    public var message: String {
        // Translators: a toast; {file} is a dropped file's name, {reason} why it was not imported.
        tr("“{file}” not imported: {reason}").filling(["file": file, "reason": reason])
    }
}
