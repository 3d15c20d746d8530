import CFFmpeg
import Foundation
import Glibc
import VoiceRecorderCore
import VoiceRecorderMP4

/// Finds and finishes takes left behind by a process that died while recording.
///
/// An unfinished take is recognised by its own shape, with no sidecar file: a `voice-*.m4a` that is still a
/// fragmented MP4 (its header announces fragments). Finishing turns it into a plain MP4, so a finished take can
/// never be "recovered" again. A take whose finishing was itself interrupted (its plain `moov` already appended,
/// see `InPlaceTakeConversion`) still announces fragments until the last write, so it is found and completed too.
public enum TakeRecovery {
    /// A take brought back: where it is, and how long it is.
    public struct RecoveredTake: Sendable, Equatable {
        /// The finished file (the same path as the unfinished one).
        public let url: URL
        /// Audio frames at `AudioFormat.sampleRate` it holds.
        public let frames: Int
        /// Its duration in seconds.
        public let duration: Double
    }

    /// The priming of FFmpeg's AAC encoder, which wrote every take (its `initial_padding`).
    static let aacPrimingFrames = 1024

    /// The unfinished takes (`voice-*.m4a` still in fragmented form) in `directory`, oldest name order. Takes a
    /// live writer is still recording (it holds their `TakeFileLock`) are not listed.
    public static func findUnfinished(in directory: URL = FileManager.default.temporaryDirectory) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted()
            .filter { $0.hasPrefix("voice-") && $0.hasSuffix(".m4a") }
            .map { directory.appendingPathComponent($0) }
            .filter { isUnfinished($0) && !TakeFileLock.isHeld(path: $0.path) }
    }

    /// Whether `url` is a take still in its fragmented, being-written form.
    public static func isUnfinished(_ url: URL) -> Bool {
        guard let scanner = try? MP4BoxScanner(path: url.path) else { return false }
        return scanner.isFragmented
    }

    /// Finishes an unfinished take in place into a valid `.m4a` holding all its audio up to the last complete
    /// fragment (a fragment the dead writer had not completed is dropped), or completes an interrupted finish.
    ///
    /// A take that died before its first fragment becomes a valid, empty file (duration 0).
    /// - Throws: `FFmpegError` when `url` is not an unfinished take (a finished one is refused, never rewritten) or
    ///   cannot be rewritten, saying so in words: "voice-….m4a: not an unfinished take".
    public static func recover(_ url: URL) throws -> RecoveredTake {
        let name = FFmpegError.fileName(of: url.path)
        guard !TakeFileLock.isHeld(path: url.path) else {
            throw FFmpegError(
                code: vr_averror(EBUSY), message: "still being recorded", operation: "recover", file: name)
        }
        guard isUnfinished(url) else {
            throw FFmpegError(
                code: vr_averror(EINVAL), message: "not an unfinished take", operation: "recover", file: name)
        }
        let frames: Int
        do throws(FFmpegError) {
            frames = try FragmentedTakeFinisher.finishLeftBehind(url, primingFrames: aacPrimingFrames)
        } catch {
            throw error.concerning(name, "cannot be recovered")
        }
        return RecoveredTake(url: url, frames: frames, duration: Double(frames) / Double(AudioFormat.sampleRate))
    }
}
