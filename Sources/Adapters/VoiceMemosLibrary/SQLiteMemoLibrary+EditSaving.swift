import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderPOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Saving an edit, step by step (the order and why: `SQLiteMemoLibrary+Editing`).
extension SQLiteMemoLibrary {
    /// Makes memo `id` keep `target` of its original (nil: all of it, a revert), from where it stood at `start`.
    func save(_ id: UUID, to target: MemoEditPlan?, from start: EditStart) throws -> MemoEditSaved {
        try prepareEditDirectories()
        let editFile = layout.newEditFile(of: id, format: start.format)
        let audio = try writeEditAudio(target, from: start, to: editFile)
        editStepObserver?(.audioWritten)
        return try locked {
            let store = try openStore()
            try commitEdit(id, to: target, audio: audio, editFile: editFile, from: start, store)
            editStepObserver?(.committed)
            try replaceMemoFile(of: id, with: editFile, releasingOriginal: target == nil ? start.source : nil)
            try database { try store.connection.transaction { try store.originals.setPendingEdit(nil, of: id) } }
            editStepObserver?(.finished)
            guard let memo = try database({ try store.table.memo(id, missing: fileIsMissing) }) else {
                throw MemoLibraryError.noMemo(id)
            }
            return MemoEditSaved(memo: memo, before: start.current, after: target)
        }
    }

    /// Step 1: the new audio in `editFile`, on the disk; its duration and waveform (nil for a revert, whose audio
    /// is the original's second name).
    private func writeEditAudio(
        _ target: MemoEditPlan?, from start: EditStart, to editFile: URL
    ) throws -> Recording? {
        do {
            var recording: Recording?
            if let target {
                recording = try EditedAudio.write(target, of: start.source, to: editFile, format: start.format)
            } else {
                try POSIX.link(start.source.path, to: editFile.path)
            }
            try POSIX.synchronizeFile(editFile.path)
            try POSIX.synchronizeDirectory(layout.editsDirectory.path)
            return recording
        } catch {
            _ = try? POSIX.removeFile(ifPresent: editFile.path)
            if let error = error as? POSIX.Error {
                throw MemoLibraryError.from(error, action: "write the edited audio", file: editFile)
            }
            throw error
        }
    }

    /// Step 2: in one transaction, checks the memo is as `start` found it, keeps its original at a first edit,
    /// writes the new row, transcript and plan, and marks `editFile` as becoming its audio. On failure nothing is
    /// left of the save.
    private func commitEdit(
        _ id: UUID, to target: MemoEditPlan?, audio: Recording?, editFile: URL, from start: EditStart, _ store: Store
    ) throws {
        var linkedOriginal: URL?
        do {
            try database {
                try store.connection.transaction {
                    guard let memo = try store.table.memo(id) else { throw MemoLibraryError.noMemo(id) }
                    let now = try store.originals.original(of: id)?.kept
                    guard now == start.current, memo.duration == start.memo.duration || now != nil,
                        try store.originals.pendingEdit(of: id) == nil
                    else { throw MemoLibraryError.changedWhileEditing(id) }
                    if let target, let audio {
                        if start.current == nil {
                            linkedOriginal = try keepOriginalFile(of: id, format: start.format)
                            editStepObserver?(.originalKept)
                            try store.originals.keepOriginal(of: id, keeping: target)
                        } else {
                            try store.originals.setKept(target, of: id)
                        }
                        try store.originals.setAudio(duration: audio.duration, samples: audio.samples, of: id)
                        if let transcript = start.originalTranscript {
                            _ = try store.transcripts.save(target.transcript(transcript), of: id)
                        } else {
                            try store.transcripts.forget(id)  // transcribed anew, from the new audio
                        }
                    } else {
                        try store.originals.restoreOriginal(of: id)
                        if let transcript = start.originalTranscript {
                            _ = try store.transcripts.save(transcript, of: id)
                        } else {
                            try store.transcripts.forget(id)
                        }
                    }
                    try store.originals.setPendingEdit(editFile.lastPathComponent, of: id)
                    editStepObserver?(.rowWritten)
                }
            }
        } catch {
            _ = try? POSIX.removeFile(ifPresent: editFile.path)
            if let linkedOriginal { _ = try? POSIX.removeFile(ifPresent: linkedOriginal.path) }
            throw error
        }
    }

    /// Gives memo `id`'s file its second name in `originals/`, on the disk; returns it when this call made it (a
    /// name a killed save left, still the memo's own file, is taken as it is).
    private func keepOriginalFile(of id: UUID, format: TakeFormat) throws -> URL? {
        let file = layout.file(of: id, format: format)
        let original = layout.original(of: id, format: format)
        do throws(POSIX.Error) {
            do throws(POSIX.Error) {
                try POSIX.link(file.path, to: original.path)
            } catch let error where error.code == EEXIST {
                guard try POSIX.status(ofPath: original.path).identity == POSIX.status(ofPath: file.path).identity
                else { throw error }
                return nil
            }
            try POSIX.synchronizeDirectory(layout.originalsDirectory.path)
            return original
        } catch {
            throw MemoLibraryError.from(error, action: "keep the memo's original", file: original)
        }
    }

    /// Step 3: `editFile` becomes memo `id`'s file, on the disk; a revert then lets go of the original's second
    /// name, `original`.
    private func replaceMemoFile(of id: UUID, with editFile: URL, releasingOriginal original: URL?) throws {
        let format = LibraryLayout.format(ofFileName: editFile.lastPathComponent) ?? .aac
        let file = layout.file(of: id, format: format)
        do throws(POSIX.Error) {
            try POSIX.rename(editFile.path, to: file.path)
            try POSIX.synchronizeDirectory(layout.memosDirectory.path)
            editStepObserver?(.fileReplaced)
            if let original {
                try POSIX.removeFile(ifPresent: original.path)
                try POSIX.synchronizeDirectory(layout.originalsDirectory.path)
                editStepObserver?(.originalReleased)
            }
        } catch {
            throw MemoLibraryError.from(error, action: "replace the memo's audio with its edit", file: file)
        }
    }

    /// Makes `edits/` and `originals/` (0700) when they are not there yet.
    private func prepareEditDirectories() throws {
        for directory in [layout.editsDirectory, layout.originalsDirectory] {
            do throws(POSIX.Error) {
                try LibraryDirectory.makeDirectory(directory.path, permissions: 0o700)
            } catch {
                throw MemoLibraryError.directoryNotWritable(directory, reason: error.words)
            }
        }
    }
}
