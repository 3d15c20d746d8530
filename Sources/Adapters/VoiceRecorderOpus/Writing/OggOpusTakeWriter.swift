import COpus
import Foundation
import Synchronization
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderPOSIX

/// Writes one take as Opus in Ogg (SPEC G): 24 kHz mono in, about 24 kb/s out, `voice-<UUID>.ogg`, written while
/// it is being recorded.
///
/// - Pages of 0.24 s reach the disk (`fdatasync`) as they fill, so a process killed mid-take leaves a file every
///   Ogg reader plays to its last page, and `OggOpusRecovery` ends it later (see `OggOpusEncoder`).
/// - `finish()` writes the end-of-stream page whose granule position makes the duration exact: the frames
///   appended. Its cost does not grow with the take (one page, one sync).
/// - `flush()` (a take paused, SPEC D.2) writes out the page being filled; `append` goes on into the same stream.
/// - `finish(keeping:)` (a trimmed take, SPEC D.5) finishes, then copies the kept packets into a new file that
///   replaces the take (`OggOpusCut`): exactly the kept frames play, pre-skip hiding the pre-roll at the start.
/// - A write that fails (a full disk, a size limit) leaves the file ending on its last whole page; `finish()` then
///   marks that page as the end in place, which needs no space, so what was written stays a valid take.
/// - The file is created with mode 0600 before any audio is written, and locked (`flock`) while it is written.
///
/// Loads nothing of FFmpeg: a recording in Opus maps libopus alone. `append` comes from the capture thread,
/// the rest from the session's; a mutex serialises them.
public final class OggOpusTakeWriter: TakeWriter, Sendable {
    /// How the audio is encoded.
    public struct Settings: Sendable, Equatable {
        /// The target bit rate (variable), in bits per second.
        public var bitRate: Int
        /// libopus's complexity, 0 (fastest) to 10 (best).
        public var complexity: Int
        /// Whether the encoder favours speech (`OPUS_APPLICATION_VOIP`) or any sound (`OPUS_APPLICATION_AUDIO`).
        public var favoursSpeech: Bool

        /// The take's settings: 24 kb/s, as chat apps send voice notes; speech first; complexity 5, which costs
        /// half the CPU of 10 for 1 dB of spectral SNR (docs/DESIGN.md has the figures).
        public static let voiceNote = Settings(bitRate: 24_000, complexity: 5, favoursSpeech: true)

        public init(bitRate: Int, complexity: Int, favoursSpeech: Bool) {
            self.bitRate = bitRate
            self.complexity = complexity
            self.favoursSpeech = favoursSpeech
        }

        var encoder: LibOpusEncoder.Settings {
            LibOpusEncoder.Settings(
                sampleRate: Int32(AudioFormat.sampleRate), bitRate: Int32(bitRate), complexity: Int32(complexity),
                application: favoursSpeech ? OPUS_APPLICATION_VOIP : OPUS_APPLICATION_AUDIO)
        }
    }

    /// Where the take is written.
    public let url: URL

    private enum State {
        case writing(OggOpusEncoder)
        /// A write failed: the file ends on its last whole page.
        case failed(OpusError, OggOpusEncoder)
        case finished(frames: Int)
        case cut(kept: Range<Int>, played: Range<Int>)
        /// A cut that failed: the take is never sent whole after it.
        case uncut(OpusError)
        case discarded
    }

    private let state: Mutex<State>
    /// The open file, which holds the take's lock until the take is finished or discarded.
    private let file: POSIX.File
    private let name: String

    /// Creates `url` (mode 0600; it must not exist yet), locks it and writes the Opus headers into it. `title` is
    /// the TITLE tag.
    public init(url: URL, settings: Settings = .voiceNote, title: String = "Voice message") throws {
        self.url = url
        let name = OpusError.fileName(of: url.path)
        self.name = name
        do throws(POSIX.Error) {
            file = try POSIX.File(
                path: url.path, access: .writeOnly, options: [.create, .exclusive], permissions: 0o600)
            // The mode given to open() is filtered by the umask; set it exactly so a lax umask cannot widen it.
            try file.setPermissions(0o600)
            _ = try file.tryLock(.exclusive)
        } catch {
            throw OpusError(error, file: name, summary: "cannot create the take's file", operation: "create take file")
        }
        let tags = OpusTags(vendor: LibOpusEncoder.version, comments: ["ENCODER=VoiceRecorder", "TITLE=\(title)"])
        do throws(OpusError) {
            state = Mutex(.writing(try OggOpusEncoder(file: file, settings: settings.encoder, tags: tags)))
        } catch {
            try? file.close()
            _ = try? POSIX.removeFile(ifPresent: url.path)
            throw error.concerning(name, "cannot start writing the take")
        }
    }

    /// Appends mono float PCM at 24 kHz. Throws `OpusError` when the file cannot grow (ENOSPC, EFBIG once SIGXFSZ
    /// is ignored); every page written before stays, and `finish()` ends the stream there.
    public func append(_ samples: [Float]) throws {
        try state.withLock { (state) throws(OpusError) in
            switch state {
            case .writing(let encoder):
                do throws(OpusError) {
                    try encoder.append(samples)
                } catch {
                    let failure = error.concerning(name, "cannot write more audio")
                    state = .failed(failure, encoder)
                    throw failure
                }
            case .failed(let error, _):
                throw error
            case .finished, .cut, .uncut, .discarded:
                throw OpusError(.state, "the take is already finished or discarded", operation: "append", file: name)
            }
        }
    }

    /// Writes out the page being filled, so a reader of the file gets every 20 ms packet encoded so far.
    public func flush() throws {
        try state.withLock { (state) throws(OpusError) in
            guard case .writing(let encoder) = state else { return }
            do throws(OpusError) {
                try encoder.flush()
            } catch {
                let failure = error.concerning(name, "cannot make the take readable")
                state = .failed(failure, encoder)
                throw failure
            }
        }
    }

    /// Finishes the stream and returns the frames it plays: exactly those appended, or after a failed write,
    /// those on the pages that reached the disk. Idempotent.
    public func finish() throws -> Int {
        try state.withLock { (state) throws -> Int in
            switch state {
            case .writing(let encoder):
                do throws(OpusError) {
                    let frames = try encoder.finish()
                    state = .finished(frames: frames)
                    try? file.close()
                    return frames
                } catch {
                    let failure = error.concerning(name, "cannot finish the take")
                    state = .failed(failure, encoder)
                    return try endAfterFailure(encoder, failure, &state)
                }
            case .failed(let failure, let encoder):
                return try endAfterFailure(encoder, failure, &state)
            case .finished(let frames):
                return frames
            case .cut:
                throw OpusError(.state, "the take was already cut to a part of it", operation: "finish", file: name)
            case .uncut(let error):
                throw error
            case .discarded:
                throw OpusError(.state, "the take was discarded", operation: "finish", file: name)
            }
        }
    }

    /// Ends a stream a failed write stopped on its last whole page, in place; when even that fails, the file still
    /// plays to that page, which the error says (`UnfinishedTakeError`).
    private func endAfterFailure(_ encoder: OggOpusEncoder, _ failure: OpusError, _ state: inout State) throws -> Int {
        do throws(OpusError) {
            let frames = try encoder.markEnd()
            state = .finished(frames: frames)
            try? file.close()
            return frames
        } catch {
            throw UnfinishedOpusTake(
                error: error.concerning(name, "cannot finish the take"), framesKept: encoder.framesWritten)
        }
    }

    /// Finishes the take holding only its frames `kept` (24 kHz, from its first) and returns them: the cut plays
    /// exactly that range. Throws, leaving no cut, when nothing recorded lies in `kept` or the cut cannot be
    /// written. Idempotent for the same range.
    public func finish(keeping kept: Range<Int>) throws -> Range<Int> {
        let alreadyCut: Range<Int>? = try state.withLock { state in
            switch state {
            case .cut(kept, let played): return played
            case .cut, .finished:
                throw OpusError(.state, "the take is already finished", operation: "finish(keeping:)", file: name)
            case .discarded:
                throw OpusError(.state, "the take was discarded", operation: "finish(keeping:)", file: name)
            case .uncut(let error):
                throw error
            case .writing, .failed: return nil
            }
        }
        if let alreadyCut { return alreadyCut }
        _ = try finish()
        do {
            let played = try OggOpusCut.cut(url, keeping: kept)
            state.withLock { $0 = .cut(kept: kept, played: played) }
            return played
        } catch {
            // Never left finished whole: the session deletes a take it cannot cut.
            let summary = "cannot cut the take to the part kept"
            let failure =
                (error as? OpusError)?.concerning(name, summary)
                ?? OpusError(.format, "\(summary) (\(error))", operation: "finish(keeping:)", file: name)
            state.withLock { $0 = .uncut(failure) }
            throw failure
        }
    }

    /// Stops writing and deletes the file (and any cut a failure left). Idempotent.
    public func discard() {
        state.withLock { state in
            state = .discarded
            try? file.close()
            _ = try? POSIX.removeFile(ifPresent: url.path)
            _ = try? POSIX.removeFile(ifPresent: OggOpusCut.partialURL(for: url).path)
        }
    }
}

/// Makes a new `OggOpusTakeWriter` for each take, named `voice-<UUID>.ogg` in `directory` (SPEC G).
public struct OggOpusTakeWriterFactory: TakeWriterFactory {
    /// Where takes are written: the temporary directory unless told otherwise.
    public let directory: URL
    /// How every take is encoded.
    public let settings: OggOpusTakeWriter.Settings

    public init(
        directory: URL = FileManager.default.temporaryDirectory, settings: OggOpusTakeWriter.Settings = .voiceNote
    ) {
        self.directory = directory
        self.settings = settings
    }

    public func makeWriter() throws -> TakeWriter {
        try OggOpusTakeWriter(url: Self.fileURL(in: directory), settings: settings)
    }

    /// `voice-<UUID>.ogg` in `directory`.
    public static func fileURL(in directory: URL, id: UUID = UUID()) -> URL {
        directory.appendingPathComponent("voice-\(id.uuidString).ogg")
    }
}

/// A take that could not be ended but plays as it is, to its last page: `framesKept` frames.
public struct UnfinishedOpusTake: UnfinishedTakeError, CustomStringConvertible {
    /// Why it could not be ended.
    public let error: OpusError
    public let framesKept: Int
    public var description: String { error.description }
}
