import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Moves a finished audio file into the library as a memo's file, durably: steps 1–3 of keeping a take (see
/// `SQLiteMemoLibrary`), each reported to the observer.
struct FileMover {
    let layout: LibraryLayout
    let observer: (@Sendable (SaveStep) -> Void)?

    /// Moves `source` to `destination` (a new name in `memos/`), 0600, and waits until the move is on the disk.
    func move(_ source: URL, to destination: URL) throws(MemoLibraryError) {
        let sourceDirectory = source.deletingLastPathComponent().path
        let destinationDirectory = destination.deletingLastPathComponent().path
        do throws(FileSystemError) {
            try FileSystem.setPermissions(0o600, of: source.path)
            try FileSystem.synchronizeFile(source.path)
            observer?(.takeSynced)
            do throws(FileSystemError) {
                try FileSystem.rename(source.path, to: destination.path)
            } catch where error.code == EXDEV {
                try copyAcrossFileSystems(source, to: destination)
            }
            observer?(.fileMoved)
            try FileSystem.synchronizeDirectory(destinationDirectory)
            if sourceDirectory != destinationDirectory {
                try FileSystem.synchronizeDirectory(sourceDirectory)
            }
            observer?(.directorySynced)
        } catch {
            throw MemoLibraryError.from(error, action: "move the take into the library")
        }
    }

    /// A take from another file system (the temporary directory may be one) can't be renamed in: it is copied into
    /// `takes/` under a name no start-up check adopts, renamed to its memo name in one step, and only then is the
    /// original removed. A kill before the rename leaves the original untouched (the copy is removed at the next
    /// start); a kill after it leaves a finished original behind outside the library, never a second memo.
    private func copyAcrossFileSystems(_ source: URL, to destination: URL) throws(FileSystemError) {
        let copyName = destination.lastPathComponent + LibraryLayout.copySuffix
        let copy = layout.takesDirectory.appendingPathComponent(copyName)
        try FileSystem.removeFile(copy.path)
        try FileSystem.copyFile(source.path, to: copy.path)
        try FileSystem.rename(copy.path, to: destination.path)
        try FileSystem.synchronizeDirectory(destination.deletingLastPathComponent().path)
        try FileSystem.removeFile(source.path)
    }
}
