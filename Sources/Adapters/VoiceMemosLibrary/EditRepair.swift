import Foundation
import VoiceRecorderPOSIX

/// The start-up check's part for edits (SPEC I.1): what a kill in the middle of saving an edit left is finished
/// or undone, so each memo is whole, as it was or as it became (the order of a save: `SQLiteMemoLibrary+Editing`).
///
/// - A memo marked with a pending edit was committed: its file in `edits/` (if the rename had not happened yet)
///   becomes its audio, and the mark is cleared.
/// - A file in `edits/` no mark names is a save a kill cut short before its commit (a partly written file, or a
///   revert's second name of an original): removed; the memo never stopped being what it was.
/// - A file in `originals/` without its row is a first edit's link made before a kill and never committed, or
///   what a finished revert had not removed yet: removed when it is the memo's own file (one file, two names), so
///   no audio is lost; anything else there is left alone and reported.
struct EditRepair {
    let layout: LibraryLayout
    let originals: OriginalsTable

    /// Runs the check; files are moved and marks cleared only when `moving`.
    func run(moving: Bool, into check: inout LibraryCheck) throws {
        let pending = try originals.pendingEdits()
        guard moving else {
            check.pending += pending.map { layout.editsDirectory.appendingPathComponent($0.fileName) }
            return
        }
        var marked = Set<String>()
        for (id, fileName) in pending {
            if try finish(id, fileName) { check.finishedEdits.append(id) } else { marked.insert(fileName) }
        }
        for name in names(in: layout.editsDirectory) where !marked.contains(name) {
            let url = layout.editsDirectory.appendingPathComponent(name)
            if (try? POSIX.removeFile(ifPresent: url.path)) != nil {
                check.discardedEdits.append(url)
            } else {
                check.leftAlone.append(url)
            }
        }
        let kept = try originals.ids()
        for name in names(in: layout.originalsDirectory) {
            let url = layout.originalsDirectory.appendingPathComponent(name)
            guard let id = LibraryLayout.memoID(fromFileName: name) else {
                check.leftAlone.append(url)
                continue
            }
            if kept.contains(id) { continue }
            let file = layout.memosDirectory.appendingPathComponent(name)
            let identity = try? POSIX.status(ofPath: url.path).identity
            let sameFile = identity != nil && identity == (try? POSIX.status(ofPath: file.path).identity)
            if sameFile, (try? POSIX.removeFile(ifPresent: url.path)) != nil { continue }
            check.leftAlone.append(url)
        }
        if !check.finishedEdits.isEmpty || !check.discardedEdits.isEmpty {
            try? POSIX.synchronizeDirectory(layout.editsDirectory.path)
            try? POSIX.synchronizeDirectory(layout.originalsDirectory.path)
        }
    }

    /// Finishes memo `id`'s committed edit: its file `fileName` in `edits/` (unless already renamed) becomes the
    /// memo's audio, then the mark goes. False when the file could not be moved (the mark stays, to try again).
    private func finish(_ id: UUID, _ fileName: String) throws -> Bool {
        let editFile = layout.editsDirectory.appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: editFile.path) {
            let format = LibraryLayout.format(ofFileName: fileName) ?? .aac
            do throws(POSIX.Error) {
                try POSIX.rename(editFile.path, to: layout.file(of: id, format: format).path)
                try POSIX.synchronizeDirectory(layout.memosDirectory.path)
            } catch {
                return false
            }
        }
        try originals.connection.transaction { try originals.setPendingEdit(nil, of: id) }
        return true
    }

    /// The names in `directory`; none when it can't be read (or is not there: no memo was ever edited).
    private func names(in directory: URL) -> [String] {
        ((try? POSIX.names(inDirectory: directory.path)) ?? []).sorted()
    }
}
