import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder
import VoiceRecorderPOSIX

/// The live `LiveTranscriber` (SPEC K): for each take, the speech engine's live mode as a child process of its own,
/// hearing the take's audio from `tap` as it is captured and telling its words as they settle.
///
/// The take never waits for it: the tap's listener only converts a buffer to 16-bit PCM and queues it; a queue of
/// the transcription's own writes it to the engine. An engine that falls `longestBacklog` behind, dies, or answers
/// outside its protocol ends that take's live transcript (`.unavailable`); the take records on. A process per take
/// keeps an app at rest free of any speech model, and a cancelled take's engine is simply killed.
public final class LiveSpeechEngine: LiveTranscriber {
    /// Where the engine is installed.
    public let install: SpeechEngineInstall
    /// Where the takes' audio is heard.
    public let tap: AudioTap
    /// How much audio may wait for the engine before its transcript is given up.
    public let longestBacklog: Duration
    /// How long a finished transcript may take to settle its last words before the engine is killed.
    public let finishLimit: Duration

    public init(
        install: SpeechEngineInstall = SpeechEngineInstall(), tap: AudioTap, longestBacklog: Duration = .seconds(30),
        finishLimit: Duration = .seconds(15)
    ) {
        self.install = install
        self.tap = tap
        self.longestBacklog = longestBacklog
        self.finishLimit = finishLimit
        // Writing audio to an engine that has just died must fail as an error, not end this process.
        POSIX.ignore(signal: SIGPIPE)
    }

    public func start(report: @escaping @Sendable (LiveTranscriptUpdate) -> Void) -> LiveTranscription {
        let transcription = LiveEngineTranscription(
            tap: tap, report: report,
            backlogBytes: Int(longestBacklog.timeInterval * Double(AudioFormat.sampleRate)) * 2,
            finishLimit: finishLimit)
        guard install.isInstalled else {
            transcription.give(up: SpeechEngineInstall.notInstalled)
            return transcription
        }
        // One of two cores at most (SPEC K).
        let engine = install.process(arguments: ["--live", "--rate", String(AudioFormat.sampleRate)], threads: 1)
        do {
            try transcription.run(engine)
        } catch {
            transcription.give(up: "the speech engine could not be started: \(error.localizedDescription)")
            return transcription
        }
        tap.listen(for: transcription) { [weak transcription] samples in transcription?.hear(samples) }
        return transcription
    }
}
