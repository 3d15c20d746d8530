import Foundation

/// When an action happens, on both clocks the rules need. The model reads neither: the runtime says.
public struct MemosTime: Sendable, Equatable {
    /// Seconds on the scheduler's monotonic clock: what timers and the undo window count in.
    public var uptime: Double
    /// The wall-clock date: what a memo is stamped with, and what Recently Deleted's 30 days count in.
    public var date: Date

    public init(uptime: Double, date: Date) {
        self.uptime = uptime
        self.date = date
    }
}

/// The model's timings (besides Recently Deleted's, in `RecentlyDeleted`).
public enum MemosTiming {
    /// A typed title is saved at most this long after the keystroke (SPEC B.5): the first unsaved edit starts the
    /// wait, later edits join it, so a steady typist is saved twice a second instead of never.
    public static let titleSaveDelay: Double = 0.5
    /// How often Recently Deleted is checked for memos past their 30 days, at most (sooner when one falls due
    /// sooner). Checks compare dates, so a clock that jumps (a machine waking from sleep) is caught up at the next.
    public static let purgeCheckInterval: Double = 60 * 60
    /// How often the take's elapsed time is read from the recorder while it records.
    public static let recordingClockInterval: Double = 0.1
    /// How long after the first screen the rest of the library is read at the latest, when no front end says it
    /// has drawn that screen (`.firstScreenShown`) sooner.
    public static let restOfLibraryDelay: Double = 1
    /// How many memos the first screen reads: more than any window shows at once.
    public static let firstScreenCount = 50
    /// How long the app must be left alone (no take, no playback, no input) before memos from before this start
    /// are transcribed (SPEC E.1): opening the app never costs more than opening it.
    public static let backFillIdle: Double = 10
}

/// Which playback a player's report belongs to: the play it came from, and how many seeks that play had been
/// through when it was made. A report from a play the model has left behind is dropped, and so is a position
/// measured before the latest seek (it would pull the cursor back for a frame).
public struct PlaybackTag: Sendable, Hashable {
    /// The play, numbered from 1.
    public var play: Int
    /// Seeks done in this play before the report was made.
    public var seek: Int

    public init(play: Int, seek: Int = 0) {
        self.play = play
        self.seek = seek
    }
}
