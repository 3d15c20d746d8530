import VoiceRecorder

extension VoiceRecorderWidget {
    /// The file the control's next take is written as (SPEC G): AAC (the default) or Opus; the session's `format`.
    public var format: TakeFormat {
        get { session.format }
        set { session.format = newValue }
    }
}
