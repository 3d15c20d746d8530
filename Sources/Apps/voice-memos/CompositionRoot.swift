import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

/// The one place the app's live parts are made and handed to the memos model: the GTK thread's scheduler, the
/// audio source, the session behind the hold-to-record control, the library, the player, microphone access and
/// the settings. Nothing else in the app makes a dependency.
///
/// STAND-INS, until the real adapters land (each marked below, where it plugs in):
/// - the library is the model's in-memory `TestLibrary`, empty at every start (`--data-dir` is read but not used
///   yet): the SQLite memos library (`SQLiteMemoLibrary`, implementing `MemoLibrary`) replaces it in `makeLibrary`;
/// - the player is the model's `TestPlayer`, paced on the GLib clock (a position every 50 ms of memo time, faster
///   at a faster speed, then the end), which plays no sound: the PulseAudio memo player (implementing
///   `MemoPlayer`) replaces it in `makePlayer`.
struct Composition {
    /// The GTK thread, as the session and the model run on it.
    let scheduler: GLibScheduler
    /// The session the hold-to-record control drives.
    let session: Session
    /// Hears the session's events for the model (the control owns the session's event handler and passes them on).
    let recorder: SessionRecorder
    /// The memos.
    let model: MemosModel

    init(options: Options) {
        scheduler = GLibScheduler()
        let source = Self.makeSource(options: options, scheduler: scheduler)
        let library = Self.makeLibrary(options: options)
        let writers = M4ATakeWriterFactory(directory: Self.takesDirectory(for: library))
        session = Session(source: source, writers: writers, scheduler: scheduler)
        // The control is the session's event handler (it draws from the events); it hands each one on to this.
        recorder = SessionRecorder(session: session, installsEventHandler: false)
        model = MemosModel(
            dependencies: .live(
                scheduler: scheduler, library: library, recorder: recorder,
                player: Self.makePlayer(library: library, scheduler: scheduler),
                access: SourceMicrophoneAccess(source)))
    }

    /// The microphone; the simulated voice with `--simulated`, or when no capture source is reachable (said on
    /// standard error); a source whose access is refused with `--access denied`.
    private static func makeSource(options: Options, scheduler: GLibScheduler) -> any AudioSource {
        if options.accessDenied { return DeniedAudioSource() }
        if options.simulated { return SimulatedAudioSource(scheduler: scheduler) }
        let microphone = PulseAudioSource(applicationName: AppText.appName)
        switch microphone.probe() {
        case .success:
            return microphone
        case .failure(let error):
            FileHandle.standardError.write(
                Data(
                    "voice-memos: no capture source reachable (\(error)); recording the simulated voice\n".utf8))
            return SimulatedAudioSource(scheduler: scheduler)
        }
    }

    /// STAND-IN: the memos live in memory and are gone when the app quits. The SQLite library plugs in here, in
    /// `options.dataDirectory` or `$XDG_DATA_HOME/voicerecorder/memos` (SPEC B.7).
    private static func makeLibrary(options: Options) -> TestLibrary {
        _ = options.dataDirectory
        return TestLibrary()
    }

    /// Where the session writes takes: the library's own takes directory (so keeping one is a rename). STAND-IN:
    /// the in-memory library has none on disk, so takes go to a private directory under the temporary one and stay
    /// there. With the SQLite library this is `library.takesDirectory`.
    private static func takesDirectory(for library: MemoLibrary) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voice-memos-takes")
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return directory
    }

    /// STAND-IN: a player that plays no sound but reports as one would, on the GLib clock. The PulseAudio memo
    /// player plugs in here (it needs neither the library nor the scheduler: it reads the file it is given).
    private static func makePlayer(library: TestLibrary, scheduler: GLibScheduler) -> MemoPlayer {
        PacedStandInPlayer(library: library, scheduler: scheduler)
    }
}

/// STAND-IN (goes with the real player): `TestPlayer` paced by the GLib clock, told each memo's length as it is
/// played (the test player is told lengths up front; memos recorded since it was made are looked up in the
/// library at each play).
private final class PacedStandInPlayer: MemoPlayer, @unchecked Sendable {
    private let player = TestPlayer()
    private let library: TestLibrary
    private let scheduler: GLibScheduler

    init(library: TestLibrary, scheduler: GLibScheduler) {
        self.library = library
        self.scheduler = scheduler
    }

    func play(
        _ url: URL, from position: Double, rate: Double,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        let memo = library.memos.first { library.fileURL(of: $0.id) == url }
        player.pacing = TestPlayer.Pacing(
            scheduler: scheduler, interval: 0.05,
            durations: memo.map { [url: $0.duration] } ?? [:])
        return try player.play(url, from: position, rate: rate, reports: reports)
    }
}

/// A source whose access has been refused (`--access denied`): it never records, so pressing the mic shows the
/// control's access-off hint and the app's permission alert.
struct DeniedAudioSource: AudioSource {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "microphone access is refused" }
    }
    func accessStatus() -> AccessStatus { .denied }
    func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) { completion(.denied) }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
    func makeCapture() throws -> AudioCapture { throw Refused() }
}
