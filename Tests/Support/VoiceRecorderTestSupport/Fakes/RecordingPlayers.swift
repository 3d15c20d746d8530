import Foundation
import VoiceRecorder

/// A player of paused takes that plays nothing and remembers every playback asked of it (SPEC D.3), so tests can
/// check what was played and end a playback, or report a position, when they choose.
///
/// Not locked: it lives on the thread of its scheduler (a `VirtualScheduler`), as the session does.
public final class RecordingPlayers: TakePlayers, @unchecked Sendable {
    /// One playback asked for.
    public final class Playback: TakePlayback, @unchecked Sendable {
        public let url: URL
        public let from: Double
        public let until: Double
        private var handler: (@Sendable (TakePlaybackEvent) -> Void)?
        /// Whether it was started and not stopped.
        public private(set) var isPlaying = false
        /// Whether `stop()` was called.
        public private(set) var wasStopped = false

        init(url: URL, from: Double, until: Double) {
            self.url = url
            self.from = from
            self.until = until
        }

        public func start(handler: @escaping @Sendable (TakePlaybackEvent) -> Void) {
            self.handler = handler
            isPlaying = true
        }

        public func stop() {
            handler = nil
            isPlaying = false
            wasStopped = true
        }

        /// Reports `event` as the player would (nothing once stopped).
        public func report(_ event: TakePlaybackEvent) { handler?(event) }
    }

    /// Every playback made, oldest first.
    public private(set) var playbacks: [Playback] = []
    /// When set, making a playback fails with this message.
    public var failure: String?

    public init() {}

    /// How many playbacks are playing now.
    public var playing: Int { playbacks.filter(\.isPlaying).count }

    struct CannotPlay: Error, CustomStringConvertible { let description: String }

    public func makePlayback(of url: URL, from: Double, until: Double) throws -> TakePlayback {
        if let failure { throw CannotPlay(description: failure) }
        let playback = Playback(url: url, from: from, until: until)
        playbacks.append(playback)
        return playback
    }
}
