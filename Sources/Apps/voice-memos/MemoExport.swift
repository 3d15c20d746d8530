import Foundation
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderAudioProcessing
import VoiceRecorderPOSIX

/// Exporting a memo's audio as it is heard: a copy of its `.m4a` (or `.ogg`) where the person chose, named after its
/// title, or for a memo whose Enhance is on (SPEC I.3) its audio enhanced, in the same format. Files only, no GTK: the
/// window asks where, this writes.
enum MemoExport {
    /// Exports are written one after the other on a queue of their own, never on the window's thread: enhancing
    /// decodes and encodes the whole memo (seconds for a long one), and the library's queue stays free for keeping
    /// takes meanwhile.
    private static let queue = DispatchQueue(label: "voicememos.export")

    /// Writes `source` to `destination` (replacing what is there: the save dialog has asked), enhanced or copied,
    /// then calls `done` on `scheduler`'s thread (the window's, where it is called) with why it failed, in words, or
    /// nil.
    static func export(
        _ source: URL, to destination: URL, enhanced: Bool, scheduler: SessionScheduler,
        done: @escaping (String?) -> Void
    ) {
        let done = WindowThreadCallback(done)
        queue.async {
            var failure: String?
            do {
                if enhanced {
                    _ = try EnhancedCopy.write(source, to: destination, replacing: true) { try WebRTCSoundEnhancer() }
                } else {
                    try copy(source, to: destination)
                }
            } catch {
                failure = "\(error)"
            }
            scheduler.post { [failure] in done.call(failure) }
        }
    }

    /// `@unchecked Sendable`: made on the window's thread and called there only (`scheduler.post` hops back to it);
    /// the export's queue merely carries it.
    private final class WindowThreadCallback: @unchecked Sendable {
        let call: (String?) -> Void
        init(_ call: @escaping (String?) -> Void) { self.call = call }
    }

    /// A file name for `title`: what a file system takes (no "/" and no NUL), at most 100 characters, with the
    /// memo's file's extension (`m4a`, or `ogg` for a memo in Opus). Dots and spaces at either end go: a title
    /// ending in a full stop ("Call the dentist.") would make "….m4a", and one starting with a dot a hidden file.
    static func fileName(for title: String, extension fileExtension: String = "m4a") -> String {
        var name = String(title.map { $0 == "/" || $0 == "\0" || $0.isNewline ? "-" : $0 }.prefix(100))
            .trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespaces))
        if name.isEmpty { name = "Memo" }
        return name + "." + fileExtension
    }

    /// Copies `source` to `destination`, replacing what is there (the save dialog has asked). The copy goes to a
    /// temporary name beside the destination first, so a failure never leaves half a file under the chosen name.
    static func copy(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: source.path) else {
            throw ExportError(tr("the memo's audio file {path} does not exist").filling(["path": source.path]))
        }
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        do {
            try manager.copyItem(at: source, to: partial)
        } catch {
            try? manager.removeItem(at: partial)
            throw ExportError(
                tr("{folder} could not be written").filling(["folder": destination.deletingLastPathComponent().path]))
        }
        do {
            try POSIX.rename(partial.path, to: destination.path)
        } catch {
            _ = try? POSIX.removeFile(ifPresent: partial.path)
            throw ExportError("\(error)")
        }
    }

    /// Why an export failed, in words.
    struct ExportError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
