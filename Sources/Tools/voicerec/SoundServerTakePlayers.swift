import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio

/// Listening to a paused take (SPEC D.3) through the sound server: FFmpeg decodes the take's file as it stands
/// (the session flushed it when the take paused) and the PulseAudio player plays the stretch asked for, reporting
/// the position actually heard. What `voicerec record --preview` listens with.
struct SoundServerTakePlayers: TakePlayers {
    /// Opens the file now, so a file that cannot be read fails the play at once, in words that name it.
    func makePlayback(of url: URL, from: Double, until: Double) throws -> TakePlayback {
        SoundServerTakePlayback(
            stretch: try TakeStretch(decoding: url, until: until), from: from)
    }
}

/// One playback of a stretch of a take's file through the sound server.
private final class SoundServerTakePlayback: TakePlayback, @unchecked Sendable {
    private let stretch: TakeStretch
    private let from: Double
    /// Set once by `start`, on the session's thread; the player is itself safe to stop from any thread.
    private var player: PulseAudioPlayer?

    init(stretch: TakeStretch, from: Double) {
        self.stretch = stretch
        self.from = from
    }

    func start(handler: @escaping @Sendable (TakePlaybackEvent) -> Void) {
        let player = PulseAudioPlayer(
            source: stretch, applicationName: "voicerec",
            onPosition: { handler(.position($0)) },
            onFinished: { end in
                switch end {
                case .completed: handler(.reachedEnd)
                case .failed(let error): handler(.failed("Listening stopped: \(error.message)"))
                }
            })
        self.player = player
        do {
            try player.seek(to: from)
            try player.play()
        } catch let error as PulseAudioError {
            handler(.failed("No sound server is reachable to listen with (\(error.message))."))
        } catch {
            handler(.failed("The recording could not be played: \(error)"))
        }
    }

    func stop() { player?.stop() }
}

/// The take's audio from its file, ending at `until` seconds: a player of it stops there (the end of the kept
/// range), whatever the file holds after.
private final class TakeStretch: PCMPullSource {
    private let decoder: AudioFileDecoder
    private let endFrame: Int
    private var frame = 0
    private static let rate = Double(AudioFormat.sampleRate)

    init(decoding url: URL, until: Double) throws {
        decoder = try AudioFileDecoder(url: url)
        endFrame = max(0, Int((until * Self.rate).rounded()))
    }

    func read(maxFrames: Int) throws -> [Float]? {
        let left = endFrame - frame
        guard left > 0, let chunk = try decoder.read(maxFrames: min(maxFrames, left)) else { return nil }
        frame += chunk.count
        return chunk
    }

    func seek(to seconds: Double) throws {
        try decoder.seek(to: seconds)
        frame = Int((max(0, seconds) * Self.rate).rounded())
    }

    var duration: Double { Double(endFrame) / Self.rate }
}
