import Foundation
import VoiceRecorder

/// Every outside effect the memos model has (SPEC B.11), injected, so the whole feature runs on a test clock with
/// test doubles (`TestDependencies`) as well as live.
public struct Dependencies: Sendable {
    /// The thread everything runs on and its monotonic clock (timers: undo, title saving, purging).
    public var scheduler: SessionScheduler
    /// The wall clock: memo dates, deletion dates, Recently Deleted's 30 days.
    public var date: @Sendable () -> Date
    /// New memo ids.
    public var uuid: @Sendable () -> UUID
    /// Where memos are kept (files and rows).
    public var library: MemoLibrary
    /// Where the library's calls run: off the scheduler's thread, in order, answering on it.
    public var work: BackgroundWork
    /// The recorder (the `Session` behind the control).
    public var recorder: MemoRecorder
    /// Plays memos' files.
    public var player: MemoPlayer
    /// Makes transcripts (SPEC E): the speech engine, as a child process when live; nil for a model that makes
    /// none (tests of everything else), whose memos show only what the library holds.
    public var transcriber: Transcriber?
    /// Tells a take's words while it is recorded (SPEC K): the speech engine's live mode when live; nil for none
    /// (no words are shown while recording).
    public var liveTranscriber: LiveTranscriber?
    /// Microphone access.
    public var access: MicrophoneAccess
    /// The remembered playback speed.
    public var settings: MemoSettings
    /// Brings dropped audio files in as memos (SPEC J.3); nil for an app that takes none.
    public var importer: MemoImporter?
    /// Opens the desktop's sound settings (the permission alert's Open Settings).
    public var openSettings: @Sendable () throws -> Void
    /// The person's locale and time zone, for the dates the rows show.
    public var locale: Locale
    public var timeZone: TimeZone

    public init(
        scheduler: SessionScheduler, date: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID,
        library: MemoLibrary, work: BackgroundWork, recorder: MemoRecorder, player: MemoPlayer,
        transcriber: Transcriber?, access: MicrophoneAccess, settings: MemoSettings,
        openSettings: @escaping @Sendable () throws -> Void, locale: Locale, timeZone: TimeZone,
        importer: MemoImporter? = nil, liveTranscriber: LiveTranscriber? = nil
    ) {
        self.scheduler = scheduler
        self.date = date
        self.uuid = uuid
        self.library = library
        self.work = work
        self.recorder = recorder
        self.player = player
        self.transcriber = transcriber
        self.access = access
        self.settings = settings
        self.importer = importer
        self.liveTranscriber = liveTranscriber
        self.openSettings = openSettings
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The live dependencies: the system's clocks, random UUIDs, the person's locale, the library's calls on a
    /// serial queue of their own, the settings file in `$XDG_CONFIG_HOME/voicerecorder` and the desktop's sound
    /// settings, dates in the language of the words; the library, the recorder, the player, the transcriber, access and the importer are the app's to make
    /// (they need its store, its session, its sound server, its speech engine and its codecs).
    public static func live(
        scheduler: SessionScheduler, library: MemoLibrary, recorder: MemoRecorder, player: MemoPlayer,
        transcriber: Transcriber?, access: MicrophoneAccess, settings: MemoSettings = FileMemoSettings(),
        importer: MemoImporter? = nil, liveTranscriber: LiveTranscriber? = nil,
        openSettings: @escaping @Sendable () throws -> Void = { try SoundSettings().openOrThrow() }
    ) -> Dependencies {
        Dependencies(
            scheduler: scheduler, date: { Date() }, uuid: { UUID() }, library: library,
            work: SerialBackgroundWork(scheduler: scheduler), recorder: recorder, player: player,
            transcriber: transcriber, access: access,
            settings: settings, openSettings: openSettings,
            locale: Localization.locale(), timeZone: .autoupdatingCurrent, importer: importer,
            liveTranscriber: liveTranscriber)
    }
}
