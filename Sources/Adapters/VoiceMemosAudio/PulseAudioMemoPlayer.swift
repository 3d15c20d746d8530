import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderAudioProcessing
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio

/// The memos' player on Linux: a memo's file decoded by FFmpeg (`AudioFileDecoder`), sped up or slowed down with its
/// pitch kept (`TempoSource`, FFmpeg's `atempo`), played through the PulseAudio protocol (`PulseAudioPlayer`).
///
/// It keeps `MemoPlayer`'s contract: positions are in the memo's own time (at 2× a second of listening moves them by
/// two) and come about 20 times a second from what the server says was *heard*; `.finished` or `.failed` at most
/// once; nothing after `stop()` returns; after `seek(to:)` returns, reports are from the new position.
///
/// What fails when:
/// - a file that can't be opened or decoded at all (missing, not audio, truncated): `play` **throws** the FFmpeg
///   adapter's `FFmpegError`, whose description is one line naming the file ("memo.m4a: the file is truncated");
/// - a speed outside 0.5…2: `play` throws ("cannot play at 3×: the speed must be from 0.5× to 2×");
/// - no sound server, or one that refuses the stream: `play` throws a `MemoPlaybackError` ("no sound server is
///   reachable (Connection refused)");
/// - anything found later — audio that stops decoding midway, the server going away, a seek or a speed change the
///   file or filter refuses — is **reported** as `.failed` with words, and playback stops.
public final class PulseAudioMemoPlayer: MemoPlayer {
    /// The server address, or nil for the default.
    public let server: String?
    /// The sink to play to, or nil for the default sink.
    public let device: String?
    /// `application.name` shown by sound settings.
    public let applicationName: String
    /// Seconds between position reports (SPEC B.4 wants at least ten a second).
    public let positionInterval: Double

    /// A player to `device` on `server` (nil: the defaults).
    public init(
        server: String? = nil, device: String? = nil, applicationName: String = "Voice Memos",
        positionInterval: Double = 0.05
    ) {
        precondition(positionInterval > 0 && positionInterval <= 0.1, "report at least ten times a second")
        self.server = server
        self.device = device
        self.applicationName = applicationName
        self.positionInterval = positionInterval
    }

    /// Starts `url` at `position` seconds of memo time, at `rate` (0.5…2; the app uses 1, 1.5 and 2), `enhanced`
    /// or as recorded (SPEC I.3). Returns once the stream plays (a few milliseconds); throws as the type's
    /// documentation says.
    public func play(
        _ url: URL, from position: Double, rate: Double, enhanced: Bool,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        let memo = try Self.enhanced(try AudioFiles.decoder(for: url), if: enhanced)
        return try start(try TempoSource(source: memo, rate: rate), from: position, reports: reports)
    }

    /// Plays only the frames `kept` of `url`, one range after the other, at `rate`, from `position` seconds of what
    /// is kept (the editor's listening, SPEC I.1; skip silence, I.2); positions and seeks are in that time.
    public func play(
        _ url: URL, keeping kept: [Range<Int>], from position: Double, rate: Double, enhanced: Bool,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        let kept = try KeptFramesSource(source: try AudioFiles.decoder(for: url), kept: kept)
        // Enhanced after the skipping, so the enhancer hears one stream, not a warm-up at every join.
        return try start(
            try TempoSource(source: try Self.enhanced(kept, if: enhanced), rate: rate), from: position,
            reports: reports)
    }

    /// `source` through WebRTC's noise suppression and gain control when `enhanced`, else as it is.
    private static func enhanced(_ source: PCMPullSource, if enhanced: Bool) throws -> PCMPullSource {
        guard enhanced else { return source }
        return try WebRTCSoundEnhancer.enhancing(source)
    }

    /// The pauses skip silence shortens in `url` (SPEC I.2): its loudest sample in each 10 ms block, from a decode
    /// of the whole file.
    public func silenceSkips(of url: URL) throws -> SilenceSkips {
        var peaks: [Float] = []
        var block: Float = 0
        var inBlock = 0
        let decoded = try AudioFiles.decode(url) { chunk in
            for sample in chunk {
                block = max(block, abs(sample))
                inBlock += 1
                if inBlock == SilenceSkips.blockFrames {
                    peaks.append(block)
                    block = 0
                    inBlock = 0
                }
            }
        }
        if inBlock > 0 { peaks.append(block) }
        return SilenceSkips(blockPeaks: peaks, frames: decoded.frames)
    }

    private func start(
        _ memo: PCMPullSource, from position: Double, reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        let gate = ReportGate(reports)
        let player = PulseAudioPlayer(
            source: memo, server: server, device: device, applicationName: applicationName,
            positionInterval: positionInterval,
            onPosition: { position in gate.report(.position(position)) },
            onFinished: { end in
                switch end {
                case .completed: gate.end(.finished)
                case .failed(let error): gate.end(.failed(MemoPlaybackError.words(for: error)))
                }
            })
        try player.seek(to: position.isFinite ? position : 0)
        do {
            try player.play()
        } catch {
            gate.close()
            throw MemoPlaybackError(description: "no sound server is reachable (\(error.message))")
        }
        return PulseAudioMemoPlayback(player: player, gate: gate)
    }
}

/// Playback that could not start for want of a sound server, in words.
public struct MemoPlaybackError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// One line for people, e.g. "no sound server is reachable (Connection refused)".
    public let description: String

    public init(description: String) { self.description = description }

    public var errorDescription: String? { description }

    /// What a player's failure says: the words of a file that stopped decoding ("memo.m4a: cannot be decoded
    /// (…)"), or what happened to the sound server.
    static func words(for error: PulseAudioError) -> String {
        // The player wraps a source's failure as "Cannot read the recording: <the decoder's words>".
        error.operation == "read" ? error.message : "the sound server stopped the playback (\(error.message))"
    }
}
