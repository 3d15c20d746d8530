import Foundation

/// What a playback of a paused take reports (SPEC D.3). Delivered on any thread; the session hops onto its own.
public enum TakePlaybackEvent: Sendable, Equatable {
    /// The audio heard so far reaches `seconds` of the take (the player's real position, at least 10 times a second
    /// when it can tell; the session's clock moves the playhead in between).
    case position(Double)
    /// The playback reached the end it was given.
    case reachedEnd
    /// The file could not be played; the text is for people.
    case failed(String)
}

/// One playback of a paused take's file, from one time to another. Created stopped; `start` begins playing and
/// reports through `handler`. A new playback is made for every play and every seek while playing.
///
/// Implementations must call `handler` serially and never after `stop()` has returned.
public protocol TakePlayback: AnyObject, Sendable {
    /// Starts playing. The handler receives `.position` reports, then `.reachedEnd` (or `.failed`), until `stop()`.
    func start(handler: @escaping @Sendable (TakePlaybackEvent) -> Void)
    /// Stops playing and releases the device. Idempotent; safe from any thread.
    func stop()
}

/// Plays paused takes' files while they are still being written (the file holds everything recorded so far:
/// the session flushes the writer when the take pauses, `TakeWriter.flush()`).
public protocol TakePlayers: Sendable {
    /// A new, stopped playback of the take's file at `url`, from `from` to `until` seconds of the take.
    func makePlayback(of url: URL, from: Double, until: Double) throws -> TakePlayback
}
