import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderPOSIX

/// A memo's audio as Enhance plays it (SPEC I.3), written to a new file: its file decoded, every frame through the
/// enhancer, and written again in the memo's own format (AAC `.m4a` or Ogg Opus), the same length to the frame. The
/// memo's file is only read.
///
/// The audio is written under a hidden name beside the destination first, so a failure or a kill never leaves half a
/// file under the chosen name. Then, like `NewFileCopy`, an existing file is never overwritten (the hidden file is
/// linked to the name, and `link` fails when the name is taken, even by a file made meanwhile); or, `replacing`
/// (the app's save dialog has asked), it is renamed over it.
public enum EnhancedCopy {
    /// Writes `source` (a memo's file), enhanced by what `makeEnhancer` makes, to the new file `destination`, in
    /// the memo's format (its file's name says which); returns the frames written. Throws `NewFileCopy.Exists` when
    /// `destination` exists (left as it is), unless `replacing`.
    public static func write(
        _ source: URL, to destination: URL, replacing: Bool = false,
        makeEnhancer: @escaping () throws -> any SoundEnhancer
    ) throws -> Int {
        // Checked first only to spare the work of enhancing when the name is plainly taken; `link` below is what
        // guarantees nothing is overwritten.
        guard replacing || !FileManager.default.fileExists(atPath: destination.path) else {
            throw NewFileCopy.Exists(path: destination.path)
        }
        let format = LibraryLayout.format(ofFileName: source.lastPathComponent) ?? .aac
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        let frames = try writeEnhanced(source, to: partial, format: format, makeEnhancer: makeEnhancer)
        defer { _ = try? POSIX.removeFile(ifPresent: partial.path) }
        if replacing {
            try POSIX.rename(partial.path, to: destination.path)
        } else {
            try linkNew(partial, to: destination)
        }
        return frames
    }

    /// Writes `source` enhanced to `file`; nothing is left there when it fails.
    private static func writeEnhanced(
        _ source: URL, to file: URL, format: TakeFormat, makeEnhancer: @escaping () throws -> any SoundEnhancer
    ) throws -> Int {
        let writer = try TakeWriters.writer(to: file, format: format)
        do {
            let enhanced = try EnhancedSource(source: try AudioFiles.decoder(for: source), makeEnhancer: makeEnhancer)
            while let chunk = try enhanced.read(maxFrames: 4_800) { try writer.append(chunk) }
            return try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Gives `file` the name `destination` too, unless that name is taken.
    private static func linkNew(_ file: URL, to destination: URL) throws {
        do {
            try POSIX.link(file.path, to: destination.path)
        } catch let error where error.code == EEXIST {
            throw NewFileCopy.Exists(path: destination.path)
        }
    }
}
