import Foundation
import Glibc
import VoiceRecorder
import VoiceRecorderPOSIX

/// A memo dragged out of the window (SPEC J.3) is its audio file as a copy named after its title: the app makes the
/// copy when the drag starts, in a directory of its own under the cache (`$XDG_CACHE_HOME/voicerecorder/drag-out`), so
/// whatever the receiver does with the file (a chat app uploads it, a file manager copies or moves it) never touches
/// the memo. Files only, no GTK.
///
/// Each drag's copy is in a directory of its own, so two memos with the same title (or the same memo twice) never
/// meet. The copies stay until the app ends: a receiver may read a file well after the drop (a file manager's copy
/// runs in the background), so none is removed while the app runs. Each running app has its own directory (named
/// by its process), so a second app (`--data-dir`) never removes the first one's; what an app killed left is
/// removed at the next start.
struct MemoDragCopies {
    /// Where every app's copies are: `drag-out`.
    let root: URL
    /// Where this app's copies are made: `drag-out/<pid>`.
    var directory: URL { root.appendingPathComponent(String(process), isDirectory: true) }
    private let process: Int32

    /// `$XDG_CACHE_HOME/voicerecorder/drag-out`, or under `~/.cache` when the variable is unset or not absolute.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(root: XDGDirectories.cache(environment: environment).appendingPathComponent("drag-out"))
    }

    init(root: URL, process: Int32 = getpid()) {
        self.root = root
        self.process = process
    }

    /// A new copy of `source` named after `title` (as Export… names it, with the file's extension). Throws when the
    /// memo's file is gone or the copy can't be written; nothing is left of a failed copy.
    func copy(of source: URL, title: String) throws -> URL {
        let folder = directory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(MemoExport.fileName(for: title, extension: source.pathExtension))
        do {
            try MemoExport.copy(source, to: copy)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return copy
    }

    /// Removes this app's copies: at its end.
    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Removes what apps no longer running left (killed before they could): at a start.
    func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names {
            guard let owner = Int32(name), owner != process, !POSIX.send(signal: 0, to: owner) else { continue }
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name, isDirectory: true))
        }
    }
}
