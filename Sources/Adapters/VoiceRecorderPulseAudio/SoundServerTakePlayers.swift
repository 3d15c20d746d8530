import Foundation
import VoiceRecorder

/// Listening to a paused take (SPEC D.3) through the sound server: `stretch` reads the take's file as it stands
/// (the session flushed it when the take paused) up to the end of the kept range, and the PulseAudio player plays it
/// from where it is asked to, reporting the position actually heard. What `voicerec record --preview`, the demo and
/// the memos app listen with; the decoding is injected (`AudioFileStretch`, FFmpeg's) so this module stays
/// PulseAudio's alone.
public struct SoundServerTakePlayers: TakePlayers {
    /// The stretch of the take's file at a URL up to a time in seconds, opened at once (a file that cannot be read
    /// fails the play right away, in words that name it).
    public typealias Stretch = @Sendable (_ url: URL, _ until: Double) throws -> PCMPullSource

    private let applicationName: String
    private let stretch: Stretch

    /// Players that show up in the sound server as `applicationName`'s streams.
    public init(applicationName: String, stretch: @escaping Stretch) {
        self.applicationName = applicationName
        self.stretch = stretch
    }

    public func makePlayback(of url: URL, from: Double, until: Double) throws -> TakePlayback {
        SoundServerTakePlayback(stretch: try stretch(url, until), from: from, applicationName: applicationName)
    }
}

/// One playback of a stretch of a take's file through the sound server.
/// `@unchecked Sendable`: `player` is set by `start` and read by `stop`, both on the session's thread
private final class SoundServerTakePlayback: TakePlayback, @unchecked Sendable {
    private let stretch: PCMPullSource
    private let from: Double
    private let applicationName: String
    /// Set once by `start`, on the session's thread; the player is itself safe to stop from any thread.
    private var player: PulseAudioPlayer?

    init(stretch: PCMPullSource, from: Double, applicationName: String) {
        self.stretch = stretch
        self.from = from
        self.applicationName = applicationName
    }

    func start(handler: @escaping @Sendable (TakePlaybackEvent) -> Void) {
        let player = PulseAudioPlayer(
            source: stretch, applicationName: applicationName,
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
