import VoiceRecorder

/// The app's fixed texts that the event lines repeat.
enum AppText {
    static let appName = "Voice Memos"
    static let memoDeleted = "Memo deleted"
    static let undo = "Undo"
    static let transcriptCopied = "Transcript copied"

    /// The hold-to-record control's words, for memos: a take is saved, not sent.
    static var recorderMessages: Messages {
        var messages = Messages()
        messages.record = "Record voice memo"
        messages.holdToRecord = "Hold to record, release to save"
        messages.send = "Save"
        messages.voiceOverHint = "Starts recording at once. Double tap Save when you are done."
        return messages
    }
}
