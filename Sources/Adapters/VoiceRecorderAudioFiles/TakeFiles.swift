import Foundation
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderOpus

/// Takes left behind by a process that died while recording, whatever their format: `voice-*.m4a` still in its
/// fragmented form (`TakeRecovery`) and `voice-*.ogg` whose stream has no end (`OggOpusRecovery`). Neither looks
/// for them with FFmpeg, so a recording in Opus that checks for them still loads none of it.
public enum TakeFiles {
    /// A take brought back.
    public struct RecoveredTake: Sendable, Equatable {
        /// The finished file (the same path).
        public let url: URL
        /// Its frames at 24 kHz.
        public let frames: Int
        /// Its duration in seconds.
        public var duration: Double { Double(frames) / Double(AudioFormat.sampleRate) }
    }

    /// The unfinished takes of both formats in `directory` that no live writer holds, in name order.
    public static func findUnfinished(in directory: URL = FileManager.default.temporaryDirectory) -> [URL] {
        (TakeRecovery.findUnfinished(in: directory) + OggOpusRecovery.findUnfinished(in: directory))
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Whether `url` is a take left unfinished (or still being written).
    public static func isUnfinished(_ url: URL) -> Bool {
        AudioFiles.isOggOpus(url) ? OggOpusRecovery.isUnfinished(url) : TakeRecovery.isUnfinished(url)
    }

    /// Finishes the unfinished take at `url` in place, exactly: all its audio up to its last fragment or page.
    /// Throws in words naming the file for a take being recorded, one already finished, or one that cannot be.
    public static func recover(_ url: URL) throws -> RecoveredTake {
        if AudioFiles.isOggOpus(url) {
            return RecoveredTake(url: url, frames: try OggOpusRecovery.recover(url).frames)
        }
        return RecoveredTake(url: url, frames: try TakeRecovery.recover(url).frames)
    }
}
