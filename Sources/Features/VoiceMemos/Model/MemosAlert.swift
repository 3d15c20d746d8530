import VoiceRecorder

/// The alerts the app shows (SPEC B.2, B.4), each with a plain dismiss.
public enum MemosAlert: Sendable, Equatable {
    /// A recording failed; what it held was kept as a recovered memo.
    case recordingFailed
    /// A memo could not be played; it stays in the list.
    case playbackFailed
    /// Recording needs microphone access: offers Open Settings.
    case permissionRequired
    /// Something the library (or the settings) could not do; the text says what.
    case failed(String)

    /// The alert's text.
    public var message: String {
        switch self {
        case .recordingFailed: tr("Voice memo recording failed.")
        case .playbackFailed: tr("Voice memo playback failed.")
        case .permissionRequired: tr("Permission is required to record voice memos.")
        case .failed(let message): message
        }
    }

    /// Whether the alert has an Open Settings button besides its dismiss.
    public var offersOpenSettings: Bool { self == .permissionRequired }
}
