import CFFmpeg
import Foundation
import Synchronization
import VoiceRecorder
import VoiceRecorderMP4
import VoiceRecorderPOSIX

/// Writes one take as AAC-LC, 24 kHz, mono, in an `.m4a` file (SPEC A.5), while it is being recorded.
///
/// - While recording, the file is a fragmented MP4 cut into fragments of 0.256 s, each flushed to disk when
///   complete: a process killed mid-take leaves a file that decodes up to its last fragment, and `TakeRecovery`
///   finishes it later.
/// - `finish()` turns it into a standard `.m4a` whose duration is exactly the frames appended (the encoder's
///   priming is skipped by an edit list), in place and in a time that hardly grows with the take; see
///   `FragmentedTakeFinisher` for how, and docs/DESIGN.md for what it costs.
/// - `flush()` (a take paused, SPEC D.2) writes out the fragment being filled, so the file can be listened to as
///   it is; `append` goes on into the same file after it.
/// - `finish(keeping:)` (a trimmed take, SPEC D.5) remuxes only the packets the kept frames need into a new
///   standard `.m4a` that replaces the take: nothing recorded before the kept part but one frame of pre-roll (hidden
///   by the edit list) is left in the file. See `KeptPackets`.
/// - The file is created with mode 0600 before any audio is written.
///
/// `append` comes from the capture thread; `finish` and `discard` from another thread once the capture stopped.
/// A mutex serialises them, so the writer is `Sendable` (checked by the compiler: all its state is behind the
/// mutex or immutable).
///
/// Errors name the take's file and say what failed in words: "voice-….m4a: cannot write more audio (File too
/// large)".
public final class M4ATakeWriter: TakeWriter, Sendable {
    /// The bit rate used unless told otherwise: plenty for one voice at 24 kHz (about 0.36 MB a minute).
    public static let defaultBitRate = 48_000

    /// Where the take is written (and, once finished, the finished file).
    public let url: URL

    private enum State {
        case writing(FragmentedAACEncoder)
        /// Writing failed (a full disk, a size limit): the file holds every fragment completed before.
        case failed(FFmpegError, primingFrames: Int)
        /// Finished whole, holding `frames`.
        case finished(frames: Int)
        /// Finished cut to `kept`, of which the file plays the take's frames `played`.
        case cut(kept: Range<Int>, played: Range<Int>)
        case discarded
    }

    /// Everything `append`, `finish` and `discard` change, behind one mutex.
    private let state: Mutex<State>
    /// Held while the take is being written, so recovery leaves it alone (see `TakeFileLock`).
    private let fileLock: TakeFileLock?
    /// The file's name, as errors give it.
    private let name: String

    /// Creates `url` (mode 0600; it must not exist yet) and starts a fragmented AAC stream in it.
    public init(url: URL, bitRate: Int = M4ATakeWriter.defaultBitRate) throws {
        self.url = url
        let name = FFmpegError.fileName(of: url.path)
        self.name = name
        do throws(POSIX.Error) {
            try createPrivateFile(atPath: url.path)
        } catch {
            throw FFmpegError(
                error, file: name, summary: "cannot create the take's file", operation: "create take file")
        }
        fileLock = TakeFileLock(path: url.path)
        do throws(FFmpegError) {
            state = Mutex(.writing(try FragmentedAACEncoder(path: url.path, bitRate: bitRate)))
        } catch {
            _ = try? POSIX.removeFile(ifPresent: url.path)
            throw error.concerning(name, "cannot start writing the take")
        }
    }

    deinit {
        // Safety net only: an abandoned writer closes its file (which stays recoverable) but never finishes it.
        state.withLock { state in
            if case .writing(let encoder) = state { encoder.abandon() }
        }
    }

    /// Appends mono float PCM at 24 kHz, any number of frames.
    ///
    /// Throws `FFmpegError` when the file cannot grow (full disk: ENOSPC; size limit: EFBIG, provided SIGXFSZ is
    /// ignored, see `ignoreFileSizeLimitSignal()`). Every fragment completed before stays decodable, and
    /// `finish()` still turns them into a valid file when the disk allows.
    public func append(_ samples: [Float]) throws {
        try state.withLock { (state) throws(FFmpegError) in
            switch state {
            case .writing(let encoder):
                do throws(FFmpegError) {
                    try encoder.append(samples)
                } catch {
                    encoder.abandon()
                    // The failed write may have left half a fragment: cut it, so the file decodes cleanly as it is.
                    try? MP4BoxScanner.truncateToCompleteFragments(path: url.path)
                    let failure = error.concerning(name, "cannot write more audio")
                    state = .failed(failure, primingFrames: encoder.primingFrames)
                    throw failure
                }
            case .failed(let error, _):
                throw error
            case .finished, .cut, .discarded:
                throw FFmpegError(
                    code: vr_averror(EINVAL), message: "the take is already finished or discarded", operation: "append",
                    file: name)
            }
        }
    }

    /// Finishes the file into a standard `.m4a` and returns the frames it holds (exactly the frames appended, or
    /// after a write failure, those in the fragments that reached the disk). Idempotent.
    ///
    /// When there is no room to finish (the plain `moov` does not fit on a full disk), the file stays a playable
    /// fragmented take, and the error is an `UnfinishedTake` saying how many frames it holds.
    public func finish() throws -> Int {
        do throws(FFmpegError) {
            return try finishInPlace()
        } catch {
            let failed = state.withLock { state in
                if case .failed = state { true } else { false }
            }
            if failed, let frames = FragmentedTakeFinisher.framesPlayed(byFragmentedFileAt: url) {
                throw UnfinishedTake(error: error, framesKept: frames)
            }
            throw error
        }
    }

    private func finishInPlace() throws(FFmpegError) -> Int {
        try state.withLock { (state) throws(FFmpegError) -> Int in
            switch state {
            case .writing(let encoder):
                do throws(FFmpegError) {
                    try encoder.finish()
                    let frames = try FragmentedTakeFinisher.finish(
                        fragmentedFileAt: url, primingFrames: encoder.primingFrames,
                        exactFrames: encoder.framesAppended, liveIndex: encoder.liveIndex)
                    state = .finished(frames: frames)
                    fileLock?.release()
                    return frames
                } catch {
                    encoder.abandon()
                    let failure = error.concerning(name, "cannot finish the take")
                    state = .failed(failure, primingFrames: encoder.primingFrames)
                    throw failure
                }
            case .failed(_, let primingFrames):
                // Keep what reached the disk: the complete fragments, finished like a recovered take.
                let frames: Int
                do throws(FFmpegError) {
                    frames = try FragmentedTakeFinisher.finishLeftBehind(url, primingFrames: primingFrames)
                } catch {
                    throw error.concerning(name, "cannot finish the take")
                }
                state = .finished(frames: frames)
                fileLock?.release()
                return frames
            case .finished(let frames):
                return frames
            case .cut:
                throw FFmpegError(
                    code: vr_averror(EINVAL), message: "the take was already cut to a part of it", operation: "finish",
                    file: name)
            case .discarded:
                throw FFmpegError(
                    code: vr_averror(ENOENT), message: "the take was discarded", operation: "finish", file: name)
            }
        }
    }

    /// Writes out the fragment being filled, so that a decoder opened on the file reads every frame appended so
    /// far but those the encoder still holds (its delay of two encoder frames, and the samples waiting for a full
    /// frame: less than 128 ms); `append` goes on after it.
    /// Nothing to do once writing failed (the file holds its complete fragments), finished or was discarded.
    public func flush() throws {
        try state.withLock { (state) throws(FFmpegError) in
            guard case .writing(let encoder) = state else { return }
            do throws(FFmpegError) {
                try encoder.flush()
            } catch {
                encoder.abandon()
                try? MP4BoxScanner.truncateToCompleteFragments(path: url.path)
                let failure = error.concerning(name, "cannot make the take readable")
                state = .failed(failure, primingFrames: encoder.primingFrames)
                throw failure
            }
        }
    }

    /// Finishes the file holding only the frames `kept` of the take (counted from its first, at 24 kHz; clamped
    /// to what was appended) and returns the frames of the take it plays, as its edit list says: from the first AAC
    /// frame boundary inside `kept` (under 43 ms in) to `kept`'s end, so that only one frame of pre-roll from before
    /// the range stays in the file (`CodedFrameCut`).
    ///
    /// The kept packets, and the one before them that the decoder needs, are copied into a new standard `.m4a`
    /// that atomically replaces the take; nothing is re-encoded. After a write failure, the range is cut from the
    /// fragments that reached the disk. Throws, naming the file, when no recorded audio lies in `kept` or the
    /// file cannot be written; the take is then never finished whole. Idempotent for the same range.
    public func finish(keeping kept: Range<Int>) throws -> Range<Int> {
        try state.withLock { (state) throws(FFmpegError) -> Range<Int> in
            let summary = "cannot cut the take to the part kept"
            func refuse(_ reason: String) -> FFmpegError {
                FFmpegError(
                    code: vr_averror(EINVAL), message: "\(summary) (\(reason))", operation: "finish(keeping:)",
                    file: name)
            }
            switch state {
            case .writing(let encoder):
                let range = kept.clamped(to: 0 ..< encoder.framesAppended)
                guard !range.isEmpty else {
                    throw refuse(
                        "frames \(kept.lowerBound)–\(kept.upperBound) asked, \(encoder.framesAppended) recorded")
                }
                do throws(FFmpegError) {
                    try encoder.finish()
                    let played = try TakeRemuxer.cut(
                        fragmentedFileAt: url, primingFrames: encoder.primingFrames,
                        exactFrames: encoder.framesAppended, keeping: range)
                    state = .cut(kept: kept, played: played)
                    fileLock?.release()
                    return played
                } catch {
                    encoder.abandon()
                    let failure = error.concerning(name, summary)
                    state = .failed(failure, primingFrames: encoder.primingFrames)
                    throw failure
                }
            case .failed(_, let primingFrames):
                // Cut from what reached the disk: the complete fragments.
                let played: Range<Int>
                do throws(FFmpegError) {
                    do throws(POSIX.Error) {
                        try MP4BoxScanner.truncateToCompleteFragments(path: url.path)
                    } catch {
                        throw FFmpegError(error, file: name, summary: summary, operation: "finish(keeping:)")
                    }
                    played = try TakeRemuxer.cut(
                        fragmentedFileAt: url, primingFrames: primingFrames, exactFrames: nil,
                        keeping: max(kept.lowerBound, 0) ..< max(kept.upperBound, 0))
                } catch {
                    throw error.concerning(name, summary)
                }
                state = .cut(kept: kept, played: played)
                fileLock?.release()
                return played
            case .cut(kept, let played):
                return played
            case .finished, .cut:
                throw refuse("the take is already finished")
            case .discarded:
                throw FFmpegError(
                    code: vr_averror(ENOENT), message: "the take was discarded", operation: "finish(keeping:)",
                    file: name)
            }
        }
    }

    /// Stops writing and deletes the file (and any half-built copy a remux left). Idempotent.
    public func discard() {
        state.withLock { state in
            if case .writing(let encoder) = state { encoder.abandon() }
            state = .discarded
            fileLock?.release()
            _ = try? POSIX.removeFile(ifPresent: url.path)
            _ = try? POSIX.removeFile(ifPresent: FragmentedTakeFinisher.partialFileURL(for: url).path)
        }
    }
}

/// Makes a new `M4ATakeWriter` for each take, named `voice-<UUID>.m4a` in `directory` (SPEC A.5).
public struct M4ATakeWriterFactory: TakeWriterFactory {
    /// Where takes are written: the temporary directory unless told otherwise.
    public let directory: URL
    /// The AAC bit rate of every take.
    public let bitRate: Int

    /// A factory writing into `directory` at `bitRate`.
    public init(
        directory: URL = FileManager.default.temporaryDirectory, bitRate: Int = M4ATakeWriter.defaultBitRate
    ) {
        self.directory = directory
        self.bitRate = bitRate
    }

    /// A writer for a new take's file.
    public func makeWriter() throws -> TakeWriter {
        try M4ATakeWriter(url: takeFileURL(in: directory), bitRate: bitRate)
    }
}

/// Ignores SIGXFSZ for the whole process, so that a file-size limit (`ulimit -f`) makes a write fail with EFBIG,
/// which `M4ATakeWriter.append` reports, instead of killing the process. Call it once at start-up.
public func ignoreFileSizeLimitSignal() {
    POSIX.ignore(signal: SIGXFSZ)
}

/// A take that could not be finished (no room for its index) but plays as it is: `framesKept` frames in complete
/// fragments. Its description is the failure's.
public struct UnfinishedTake: UnfinishedTakeError, CustomStringConvertible {
    /// Why it could not be finished.
    public let error: FFmpegError
    public let framesKept: Int

    public var description: String { error.description }
}
