import Foundation
import VoiceRecorderMP4
import VoiceRecorderPOSIX

/// Turns a take's fragmented MP4 into a standard `.m4a`: a plain MP4 whose edit list skips the encoder's priming
/// and ends on the last recorded frame, so every player reports the exact duration.
///
/// ## How, and why
/// Three ways to finish were tried here (FFmpeg 5.1, 24 kHz mono AAC at 48 kb/s, 2 cores):
/// - **(a) keep the fragmented file**, asking the mov muxer for an edit list (`use_editlist=1`): FFmpeg 5.1 writes
///   none with `empty_moov` (the header is written before the first packet's timestamp is known), so the 1024
///   priming frames stay in: +42.7 ms on every take. Patching an `elst` into the empty `moov` afterwards does not
///   help either: FFmpeg's demuxer then starts the stream at −42.7 ms but still reports the fragments' full
///   length, and does not trim the end. Not exact.
/// - **(b) remux to a new plain `.m4a`** (`TakeRemuxer`): exact, but it reads and writes every packet, so it
///   grows with the take: 2.8 ms for a 10 s take, 14.8 ms for 5 minutes (release build).
/// - **(c) convert in place** (`InPlaceTakeConversion`, the default): the fragments' tables are read (one small
///   read per 0.5 s fragment), a plain `moov` listing the packets where they already are is appended and made
///   durable, and one 8-byte write turns the old header and all the fragments into a single `mdat`. No audio is
///   copied. The result decodes to exactly the same samples as (b)'s, with the same duration.
///   `finish()` measured, release build, on a shared 2-core machine (the `PerformanceReport` test prints it on
///   every run): 2.4–2.5 ms for 10 s, 2.4–2.7 ms for 1 minute, 3.4–4.0 ms for 5 minutes; debug build 2.5, 4.2 and
///   12 ms. Of the 5-minute figure, the encoder's flush and FFmpeg's trailer take 1.2–1.5 ms whatever the length,
///   the `fdatasync` 0.3–0.4 ms (more when the disk is busy; the remux never synced), and only the index — about
///   1 µs per fragment — grows: 0.05 ms for 10 s, 0.12 ms for 1 minute, 0.6 ms for 5 minutes.
///
/// (b) stays as the fallback for anything (c) does not expect, so a damaged or unusual file is still finished.
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
    static func finish(fragmentedFileAt url: URL, primingFrames: Int, exactFrames: Int?) throws(FFmpegError) -> Int {
        let conversion: InPlaceTakeConversion
        do throws(InPlaceConversionRefusal) {
            conversion = try InPlaceTakeConversion(path: url.path, primingFrames: primingFrames, exactFrames: exactFrames)
        } catch {
            return try TakeRemuxer.remux(fragmentedFileAt: url, primingFrames: primingFrames, exactFrames: exactFrames)
        }
        do throws(POSIX.Error) {
            return try conversion.run()
        } catch {
            throw FFmpegError(error, file: FFmpegError.fileName(of: url.path), summary: "cannot finish the take", operation: "finish")
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

    /// Where the remux builds its file before it replaces the take (removed when a take is discarded or recovered).
    static func partialFileURL(for url: URL) -> URL { TakeRemuxer.partialFileURL(for: url) }
}
