import Foundation

/// What a playing memo reports.
public enum PlaybackReport: Sendable, Equatable {
    /// Where playback is, in seconds of the memo's own time (at 2× a second of listening moves it by two): the
    /// position that has been *heard*, not what was decoded or buffered.
    case position(Double)
    /// The end was played. Playback has stopped by itself.
    case finished
    /// The file could not be played, or playback broke; the text says why, for people. Playback has stopped.
    case failed(String)
}

/// Plays memos' audio files (SPEC B.4). One call to `play` is one playback; it ends by `stop()`, by reaching the
/// end, or by failing.
///
/// A player reports through the closure given to `play`:
/// - `.position` at least **ten times a second** while playing (the model shows these, it counts nothing itself),
///   never going backwards except after `seek(to:)`; a report made after `seek(to:)` has returned is from the new
///   position;
/// - `.finished` or `.failed` once at most, and nothing after either;
/// - nothing after `stop()` has returned.
///
/// Reports may come on any thread (an audio server's, a decoder's): the model hops them onto its scheduler, and
/// drops those of a playback it has already left behind. Reports must come one at a time (serially).
public protocol MemoPlayer: AnyObject, Sendable {
    /// Starts playing `url` from `position` seconds (memo time) at `rate` (1 is normal speed; 1.5 and 2 play faster
    /// with the pitch kept). Returns once playback is under way, which may take a few milliseconds (a server
    /// connection). Throws when the file can't be opened or decoded; a failure found later is reported as
    /// `.failed`. `enhanced` plays it with its noise suppressed and its level evened (SPEC I.3).
    func play(
        _ url: URL, from position: Double, rate: Double, enhanced: Bool,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback

    /// Plays only the frames `kept` (ranges of the file's frames at the recording rate, in order) of `url`, one
    /// after the other, at `rate`, from `position` seconds of what is kept: the editor's listening to what an edit
    /// would keep (SPEC I.1), a memo with its long pauses shortened (I.2). Positions and seeks are in seconds of
    /// what is kept. `enhanced` as above.
    func play(
        _ url: URL, keeping kept: [Range<Int>], from position: Double, rate: Double, enhanced: Bool,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback

    /// The pauses skip silence would shorten in `url` (SPEC I.2), read from its audio (a decode of the whole file:
    /// call it off the window's thread). Throws when the file can't be decoded.
    func silenceSkips(of url: URL) throws -> SilenceSkips
}

extension MemoPlayer {
    /// Plays `url` as recorded (not enhanced).
    public func play(
        _ url: URL, from position: Double, rate: Double, reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        try play(url, from: position, rate: rate, enhanced: false, reports: reports)
    }
}

/// One playback started by a `MemoPlayer`.
public protocol MemoPlayback: AnyObject, Sendable {
    /// Stops the audio at once and releases the device. Idempotent; safe after the end or a failure.
    func stop()
    /// Moves to `position` seconds (memo time), playing on from there. A failure is reported as `.failed`.
    func seek(to position: Double)
    /// Changes the speed of what is playing (pitch kept), from the current position.
    func setRate(_ rate: Double)
}
