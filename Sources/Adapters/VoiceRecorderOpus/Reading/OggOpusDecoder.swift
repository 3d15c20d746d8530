import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderPOSIX

/// What an Ogg Opus file holds, read from its pages by this package's own Ogg code (no decoding needed).
public struct OggOpusInfo: Sendable, Equatable {
    /// The file.
    public let url: URL
    /// Channels of the stream (1 for a take).
    public let channels: Int
    /// The rate the audio had before it was encoded (informative; the take is decoded at 24 kHz).
    public let inputSampleRate: Int
    /// The samples at 48 kHz dropped from the start (the encoder's delay; more in a cut take).
    public let preSkip: Int
    /// The frames at 24 kHz it plays: its last granule position less the pre-skip (and the stream's start), halved.
    public let frames: Int
    /// Whether the stream is ended (its last page marked as such): a finished take is, a killed one is not.
    public let isEnded: Bool
    /// The comment header's vendor, e.g. "libopus 1.3.1".
    public let vendor: String
    /// Its tags, `KEY=value`.
    public let tags: [String]

    /// The exact length in seconds.
    public var duration: Double { Double(frames) / Double(AudioFormat.sampleRate) }
}

/// Decodes an Ogg Opus file, pull by pull, to mono float PCM at 24 kHz (libopus decodes at that rate directly) —
/// the pre-skip dropped at the start and the end trimmed to the last granule position, so a take decodes to
/// exactly the frames it was given — and seeks, sample-exact: what a player pulls from.
///
/// The whole file is checked when it is opened (`OggOpusLayout`): a file that is not Ogg Opus, is damaged or cut
/// short, holds several streams, or whose positions go backwards fails there, in words that name it. A take a
/// killed recorder left (no end-of-stream page) reads to its last page. Not thread-safe.
public final class OggOpusDecoder: PCMPullSource {
    /// What the file holds.
    public let info: OggOpusInfo
    public var duration: Double { info.duration }

    /// Decoding restarts this long before a seek's target (80 ms at 48 kHz, RFC 7845's pre-roll), and its output
    /// up to the target is dropped: Opus frames depend on the ones before, so a decoder needs that much to settle.
    static let seekPreRoll: Int64 = 3_840

    private let file: POSIX.File
    private let layout: OggOpusLayout
    private let decoder: LibOpusDecoder
    private var packets: OggPacketReader
    /// The 48 kHz position of the take's first frame.
    private let zero: Int64
    private var pending: [Float] = []
    /// The take frame of `pending.first`.
    private var position = 0
    /// Decoded frames before this one are dropped (a seek's target).
    private var discardBefore = 0
    private var isAtEnd: Bool
    private let name: String

    /// Opens and checks `url`. Throws `OpusError`, naming the file, when it cannot be read as Ogg Opus.
    public init(url: URL) throws {
        name = OpusError.fileName(of: url.path)
        (file, layout) = try OggOpusReading.open(url)
        zero = layout.startGranule + Int64(layout.head.preSkip)
        info = OggOpusReading.info(of: layout, url: url)
        do throws(OpusError) {
            decoder = try LibOpusDecoder(sampleRate: Int32(AudioFormat.sampleRate))
        } catch {
            throw error.concerning(name, "cannot be decoded")
        }
        let start = layout.audioPages.first?.offset ?? layout.intactLength
        do throws(POSIX.Error) {
            packets = try OggPacketReader(file: file, fromPageAt: start, granule: layout.startGranule)
        } catch {
            throw OpusError(error, file: name, summary: "cannot be read", operation: "open")
        }
        isAtEnd = info.frames == 0
    }

    /// The next at most `maxFrames` samples, or nil at the end of the audio.
    public func read(maxFrames: Int) throws -> [Float]? {
        precondition(maxFrames > 0, "read at least one frame")
        do {
            while pending.count < maxFrames && !isAtEnd { try decodeNext() }
        } catch let problem as OggOpusFormatProblem {
            throw OpusError(.format, problem.words, operation: "read", file: name)
        } catch let error as OpusError {
            throw error.concerning(name, "cannot be decoded")
        } catch let error as POSIX.Error {
            throw OpusError(error, file: name, summary: "cannot be read", operation: "read")
        }
        guard !pending.isEmpty else { return nil }
        let count = min(maxFrames, pending.count)
        let chunk = Array(pending[0 ..< count])
        pending.removeFirst(count)
        position += count
        return chunk
    }

    /// Moves to `seconds` from the start (clamped to the audio): the next `read` starts there, sample-exact.
    public func seek(to seconds: Double) throws {
        let target = min(max(0, Int((seconds * Double(AudioFormat.sampleRate)).rounded())), info.frames)
        let from = zero + Int64(target) * OggOpusEncoder.granulePerFrame - Self.seekPreRoll
        do {
            let point = layout.readingPoint(atOrBefore: from) ?? (layout.intactLength, layout.startGranule)
            packets = try OggPacketReader(file: file, fromPageAt: point.offset, granule: point.granule)
            try decoder.reset()
        } catch let error as OpusError {
            throw error.concerning(name, "cannot seek")
        } catch let error as POSIX.Error {
            throw OpusError(error, file: name, summary: "cannot seek", operation: "seek")
        }
        pending.removeAll()
        position = target
        discardBefore = target
        isAtEnd = target >= info.frames
    }

    /// Decodes one more packet, keeping what lies between the position asked for and the end.
    private func decodeNext() throws {
        guard let packet = try packets.next() else {
            isAtEnd = true
            return
        }
        let samples = try decoder.decode(packet.bytes)
        // Take frames are 24 kHz, positions 48 kHz: floor, so a position before the take's start stays before it.
        let first = Int((packet.start - zero).floorHalf)
        let lower = max(discardBefore, first, position + pending.count)
        let upper = min(info.frames, first + samples.count)
        if lower < upper {
            if pending.isEmpty { position = lower }
            pending += samples[samples.startIndex + lower - first ..< samples.startIndex + upper - first]
        }
        if first + samples.count >= info.frames { isAtEnd = true }
    }
}

extension Int64 {
    /// Half of the value, rounded down (toward −∞, where `/` rounds toward 0).
    fileprivate var floorHalf: Int64 { self >= 0 ? self / 2 : -((-self + 1) / 2) }
}

/// Opening and describing Ogg Opus files, shared by the decoder and the reader.
enum OggOpusReading {
    /// Opens `url` and reads its layout; errors in words naming the file.
    static func open(_ url: URL, tolerant: Bool = false) throws -> (POSIX.File, OggOpusLayout) {
        let name = OpusError.fileName(of: url.path)
        do {
            let file = try POSIX.File(path: url.path, access: .readOnly, options: .nonBlocking)
            guard try file.status().kind == .regularFile else {
                throw OpusError(.format, "not an audio file (not a regular file)", operation: "open", file: name)
            }
            return (file, try OggOpusLayout.read(file, tolerant: tolerant))
        } catch let problem as OggOpusFormatProblem {
            throw OpusError(.format, problem.words, operation: "open", file: name)
        } catch let error as POSIX.Error {
            let words =
                switch error.code {
                case ENOENT: "no such file"
                case EISDIR: "a directory, not an audio file"
                default: "cannot be read (\(error.words))"
                }
            throw OpusError(.system(error.code), words, operation: "open", file: name)
        }
    }

    static func info(of layout: OggOpusLayout, url: URL) -> OggOpusInfo {
        OggOpusInfo(
            url: url, channels: Int(layout.head.channels), inputSampleRate: Int(layout.head.inputSampleRate),
            preSkip: Int(layout.head.preSkip), frames: Int(layout.playedSamples / OggOpusEncoder.granulePerFrame),
            isEnded: layout.isEnded, vendor: layout.tags.vendor, tags: layout.tags.comments)
    }
}
