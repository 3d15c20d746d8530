/// The app's remembered choices (SPEC B.4: the playback speed is remembered for the app).
public protocol MemoSettings: AnyObject, Sendable {
    /// The speed chosen last, or 1× when none was (or what was saved can't be read).
    func playbackSpeed() -> PlaybackSpeed
    /// Remembers the speed for the next start.
    func savePlaybackSpeed(_ speed: PlaybackSpeed) throws
    /// Whether long pauses are skipped when memos play (SPEC I.2); off when never chosen.
    func skipsSilence() -> Bool
    /// Remembers whether long pauses are skipped.
    func saveSkipsSilence(_ skips: Bool) throws
}
