import Foundation
import VoiceRecorderMP4
import VoiceRecorderPOSIX

/// Turns a take's fragmented MP4 into a standard `.m4a`: a plain MP4 whose edit list skips the encoder's priming
/// and ends on the last recorded frame, so every player reports the exact duration.
///
/// ## How, and why
/// Converting in place (`InPlaceTakeConversion`, the default) moves no audio: it appends a plain `moov` listing the
/// packets where they already are, and one 8-byte write turns the old header and all the fragments into one `mdat`,
/// so finishing costs about the same for 10 s as for 5 minutes. Keeping the fragmented file is not exact (FFmpeg
/// writes no edit list with `empty_moov`, so the encoder's priming stays in), and remuxing (`TakeRemuxer`) grows
/// with the take. The alternatives and their measured costs are in docs/DESIGN.md.
///
/// The remux stays as the fallback for anything (c) does not expect, so a damaged or unusual file is still finished.
/// The same path finishes a take left behind by a killed process (`TakeRecovery`), with the duration the fragments
/// themselves record, and completes a conversion that a killed process left half done.
enum FragmentedTakeFinisher {
    /// Finishes the fragmented file at `url` into a plain `.m4a` at the same path, and returns the audio frames it
    /// holds.
    ///
    /// - Parameters:
    ///   - primingFrames: the encoder's priming at the head of the stream (1024 for FFmpeg's AAC encoder).
    ///   - exactFrames: the frames actually recorded, when known: the last packet is trimmed to end there.
    ///     `nil` (recovery) keeps the durations written in the fragments.
    ///   - liveIndex: the index its writer read while writing, if any: then only the file's tail is read. When it
    ///     cannot be used, the file is read whole, as without one.
    static func finish(
        fragmentedFileAt url: URL, primingFrames: Int, exactFrames: Int?, liveIndex: LiveTakeIndex? = nil
    ) throws(FFmpegError) -> Int {
        let conversion: InPlaceTakeConversion
        do throws(InPlaceConversionRefusal) {
            // A live index that cannot be used (refused, or not this file's) only costs reading the file whole.
            if let index = try? liveIndex?.completed(),
                let fromLiveIndex = try? InPlaceTakeConversion(
                    path: url.path, index: index, primingFrames: primingFrames, exactFrames: exactFrames)
            {
                conversion = fromLiveIndex
            } else {
                conversion = try InPlaceTakeConversion(
                    path: url.path, primingFrames: primingFrames, exactFrames: exactFrames)
            }
        } catch {
            return try TakeRemuxer.remux(fragmentedFileAt: url, primingFrames: primingFrames, exactFrames: exactFrames)
        }
        do throws(POSIX.Error) {
            return try conversion.run()
        } catch {
            throw FFmpegError(
                error, file: FFmpegError.fileName(of: url.path), summary: "cannot finish the take", operation: "finish")
        }
    }

    /// Finishes a take a writer left behind (its process died, or its disk filled): completes a conversion that
    /// was interrupted after its `moov` was written, or else keeps the complete fragments (a fragment cut off
    /// mid-write is dropped) and finishes them with the durations they record.
    static func finishLeftBehind(_ url: URL, primingFrames: Int) throws(FFmpegError) -> Int {
        let name = FFmpegError.fileName(of: url.path)
        do throws(POSIX.Error) {
            // A remux killed mid-way may have left its half-built copy.
            try POSIX.removeFile(ifPresent: partialFileURL(for: url).path)
            if let frames = try InPlaceTakeConversion.completeInterruptedConversion(at: url.path) { return frames }
            try MP4BoxScanner.truncateToCompleteFragments(path: url.path)
        } catch {
            throw FFmpegError(error, file: name, summary: "cannot finish the take", operation: "finish(left behind)")
        }
        return try finish(fragmentedFileAt: url, primingFrames: primingFrames, exactFrames: nil)
    }

    /// The frames a fragmented take plays as it is (after cutting off a fragment or `moov` torn mid-write), for a
    /// take that could not be finished; nil when its fragments can't be read. The encoder's priming counts: only a
    /// finished file's edit list skips it.
    static func framesPlayed(byFragmentedFileAt url: URL) -> Int? {
        guard (try? MP4BoxScanner.truncateToCompleteFragments(path: url.path)) != nil else { return nil }
        return try? InPlaceTakeConversion(path: url.path, primingFrames: 0, exactFrames: nil).frames
    }

    /// Where the remux builds its file before it replaces the take (removed when a take is discarded or recovered).
    static func partialFileURL(for url: URL) -> URL { TakeRemuxer.partialFileURL(for: url) }
}
