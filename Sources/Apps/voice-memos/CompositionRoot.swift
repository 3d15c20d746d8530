import Foundation
import VoiceMemos
import VoiceMemosAudio
import VoiceMemosLibrary
import VoiceMemosSpeech
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

/// The one place the app's live parts are made and handed to the memos model: the GTK thread's scheduler, the
/// audio source, the session behind the hold-to-record control (with pause and preview, and its listening player),
/// the library on SQLite, the player on PulseAudio, the speech engine, microphone access and the settings. Nothing else in the app makes a dependency.
struct Composition {
    /// The GTK thread, as the session and the model run on it.
    let scheduler: GLibScheduler
    /// The session the hold-to-record control drives.
    let session: Session
    /// The memos.
    let model: MemosModel
    /// The sound server's sources and the remembered choice (SPEC F); nil with the simulated voice.
    let microphones: (sources: PulseAudioMicrophones, chooser: MicrophoneChooser)?

    init(options: Options) {
        scheduler = GLibScheduler()
        // The live transcript (SPEC K) hears each take's audio as it is captured, through a tap on the source.
        let tap = AudioTap()
        let source = TappedAudioSource(Self.makeSource(options: options, scheduler: scheduler), tap: tap)
        let library = Self.makeLibrary(options: options)
        // Takes are written in the library's own takes directory, so keeping one is a rename, and a take a crash
        // cut short is found there at the next start (SPEC B.7).
        // In either format (SPEC G): the window's "Recording format" sets the session's.
        let writers = TakeWriters(directory: library.takesDirectory)
        // Pause and preview on (SPEC D): a locked memo can be paused, listened to (through the sound server, as
        // memos play) and trimmed before it is saved as the part kept.
        session = Session(
            source: source, writers: writers, scheduler: scheduler, preview: true,
            players: SoundServerTakePlayers(applicationName: AppText.appName, stretch: AudioFiles.stretch))
        // FFmpeg is opened on first use: for an AAC take, at the first touch on the mic (the hold lands 0.18 s later),
        // so a window at rest never maps it.
        let session = self.session
        FFmpegLibraries.loadAtFirstPress(of: session) { session.format == .aac }
        microphones = Self.makeMicrophones(source: source.base, tap: tap, session: session)
        model = MemosModel(
            dependencies: .live(
                scheduler: scheduler, library: library, recorder: SessionRecorder(session: session),
                player: PulseAudioMemoPlayer(applicationName: AppText.appName),
                // The speech engine as a child process, started when a memo needs a transcript (SPEC E.1).
                transcriber: EngineTranscriber(), access: SourceMicrophoneAccess(source),
                // Dropped files (SPEC J.3) come in in the remembered recording format, read when each is imported
                // (off this thread, so from the settings file rather than the session).
                importer: LibraryMemoImporter(library: library) {
                    RecordingFormatSetting(url: FileMemoSettings.defaultURL()).load()
                },
                // The take's words while it records (SPEC K): the engine's live mode, a process per take.
                liveTranscriber: LiveSpeechEngine(tap: tap)))
    }

    /// The microphone; the simulated voice with `--simulated`, or when no capture source is reachable (said on
    /// standard error); a source whose access is refused with `--access denied`.
    private static func makeSource(options: Options, scheduler: GLibScheduler) -> any AudioSource {
        if options.accessDenied { return RefusedAudioSource() }
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

    /// The Microphone menu's sources and choice, remembered in the settings file, when takes come from the server.
    private static func makeMicrophones(source: any AudioSource, tap: AudioTap, session: Session) -> (
        sources: PulseAudioMicrophones, chooser: MicrophoneChooser
    )? {
        guard source is PulseAudioSource else { return nil }
        let sources = PulseAudioMicrophones(applicationName: AppText.appName)
        let chooser = MicrophoneChooser(
            session: session, sources: sources, setting: MicrophoneSetting(url: FileMemoSettings.defaultURL())
        ) { device in TappedAudioSource(PulseAudioSource(device: device, applicationName: AppText.appName), tap: tap) }
        return (sources, chooser)
    }

    /// The library in `--data-dir`, or in `$XDG_DATA_HOME/voicerecorder` (the one `voicerec memos` uses too). It is
    /// opened by the model when the window is up, so a library that can't be opened is an alert, not a crash.
    private static func makeLibrary(options: Options) -> SQLiteMemoLibrary {
        guard let directory = options.dataDirectory else { return SQLiteMemoLibrary() }
        return SQLiteMemoLibrary(root: URL(fileURLWithPath: directory))
    }
}
