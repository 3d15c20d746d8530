import VoiceRecorder

/// The app's fixed texts that the event lines repeat.
enum AppText {
    static var appName: String { tr("Voice Memos") }
    static var memoDeleted: String { tr("Memo deleted") }
    static var undo: String { tr("Undo") }
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
