import Foundation
import Synchronization
import VoiceMemos
import VoiceMemosSpeech
import VoiceRecorder
import VoiceRecorderJSON

/// `voicerec record --live-transcript` (SPEC K): the take's words, each settled phrase a JSON line on stdout as it
/// settles, `{"phrase","start","end"}` (seconds into the take), all of them before the take's own line. With no
/// speech engine, or one that breaks, one warning line on stderr; the take records on.
final class LiveTranscriptLines: Sendable {
    private let transcription: Mutex<LiveTranscription?> = Mutex(nil)
    /// Signalled when the transcript is over (ended or given up).
    private let over = DispatchSemaphore(value: 0)
    private let command: String

    /// Starts hearing the takes `tap` hears, through the speech engine's live mode.
    init(tap: AudioTap, command: String) {
        self.command = command
        let engine = LiveSpeechEngine(tap: tap)
        let started = engine.start { [over, command] update in
            switch update {
            case .phrase(let phrase): Output.line(Self.line(for: phrase))
            case .tentative: break
            case .ended: over.signal()
            case .unavailable(let reason):
                Output.error("voicerec \(command): warning: no live transcript: \(reason)")
                over.signal()
            }
        }
        transcription.withLock { $0 = started }
    }

    /// The take was sent: every word heard is settled and printed before this returns.
    func finish() {
        guard let transcription = transcription.withLock({ $0 }) else { return }
        transcription.finish()
        over.wait()
    }

    /// The take is gone: the engine is stopped, and prints nothing more.
    func cancel() { transcription.withLock { $0 }?.cancel() }

    /// A phrase's line: `{"phrase": TEXT, "start": S, "end": S}`.
    static func line(for phrase: LivePhrase) -> String {
        JSONValue.object([
            ("phrase", .string(phrase.text)), ("start", .number(phrase.start)), ("end", .number(phrase.end)),
        ]).text
    }
}
