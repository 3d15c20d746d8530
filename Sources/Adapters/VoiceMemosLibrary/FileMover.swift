import Foundation
import VoiceRecorderPOSIX

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
        do throws(POSIX.Error) {
            try POSIX.setPermissions(0o600, ofPath: source.path)
            try POSIX.synchronizeFile(source.path)
            observer?(.takeSynced)
            // A take from another file system (the temporary directory may be one) is copied into `takes/`, which
            // is beside `memos/`, so the last step is a rename there too.
            let copy = layout.takesDirectory.appendingPathComponent(destination.lastPathComponent)
            try Self.rename(source.path, to: destination.path, orCopyThrough: copy.path + LibraryLayout.copySuffix)
            observer?(.fileMoved)
            try POSIX.synchronizeDirectory(destinationDirectory)
            if sourceDirectory != destinationDirectory {
                try POSIX.synchronizeDirectory(sourceDirectory)
            }
            observer?(.directorySynced)
        } catch {
            throw MemoLibraryError.from(error, action: "move the take into the library", file: source)
        }
    }

    /// Renames `source` to `destination`; when they are on two file systems, copies `source` to `copy` (a name on
    /// `destination`'s file system that no start-up check adopts), renames the copy to `destination` in one step,
    /// and only then removes `source`.
    ///
    /// A kill before that rename leaves the original untouched (the copy is removed at the next start); a kill
    /// after it leaves a finished original behind outside the library, never a second memo.
    static func rename(_ source: String, to destination: String, orCopyThrough copy: String) throws(POSIX.Error) {
        do throws(POSIX.Error) {
            try POSIX.rename(source, to: destination)
        } catch let error where error.code == EXDEV {
            try POSIX.removeFile(ifPresent: copy)
            try POSIX.copyFile(source, to: copy)
            try POSIX.rename(copy, to: destination)
            try POSIX.synchronizeDirectory((destination as NSString).deletingLastPathComponent)
            try POSIX.removeFile(ifPresent: source)
        }
    }
}
