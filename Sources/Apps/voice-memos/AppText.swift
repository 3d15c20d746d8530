import VoiceMemos
import VoiceRecorder

/// The app's fixed texts that the event lines repeat.
enum AppText {
    static var appName: String { tr("Voice Memos") }
    static var memoDeleted: String { tr("Memo deleted") }
    static var undo: String { tr("Undo") }

    /// The toast after a save in the editor, a revert or an undo (SPEC I.1).
    static func saved(_ kind: MemoEditKind) -> String {
        switch kind {
        case .trimmed: tr("Memo trimmed")
        case .edited: tr("Memo edited")
        case .reverted: tr("Original restored")
        case .undone: tr("Edit undone")
        }
    }
    static var transcriptCopied: String { tr("Transcript copied") }

    /// The hold-to-record control's words, for memos: a take is saved, not sent.
    static var recorderMessages: Messages {
        var messages = Messages()
        messages.record = tr("Record voice memo")
        messages.holdToRecord = tr("Hold to record, release to save")
        messages.send = tr("Save")
        messages.voiceOverHint = tr("Starts recording at once. Double tap Save when you are done.")
        return messages
    }
}
