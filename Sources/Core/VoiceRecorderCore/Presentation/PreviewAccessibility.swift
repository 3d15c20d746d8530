/// What screen readers get from the preview's parts (SPEC D.7): the pause bubble a button "Pause recording"
/// hands-free, the mic bubble "Resume recording" paused; paused, the play button "Play recording" / "Pause", the
/// waveform an adjustable "Position" whose value is the playhead's position spoken, and the handles adjustable
/// "Start" and "End". Adjusting moves by `step` seconds, which the front end turns into a seek or a trim.
public struct PreviewAccessibility: Sendable, Equatable {
    /// A button.
    public struct Button: Sendable, Equatable {
        /// Which part it is.
        public var part: PreviewPart
        /// Its label as read out.
        public var label: String
    }

    /// An adjustable element: a time of the take that increments and decrements by `step`.
    public struct Adjustable: Sendable, Equatable {
        /// Which part it is: the waveform (the playhead) or a handle.
        public var part: PreviewPart
        /// Its label as read out.
        public var label: String
        /// Its value spoken: "3 seconds".
        public var value: String
        /// The time it stands for, in seconds of the take.
        public var seconds: Double
        /// The times an increment and a decrement ask for (the session clamps them to the take and the range).
        public var incremented: Double { seconds + PreviewAccessibility.step }
        public var decremented: Double { max(0, seconds - PreviewAccessibility.step) }
    }

    /// How far one adjustment moves a time, in seconds.
    public static let step = 1.0

    /// The pause/mic bubble: hands-free and paused, nil otherwise.
    public var bubble: Button?
    /// The play button: paused only.
    public var playButton: Button?
    /// The waveform and the two handles, in reading order: paused only (empty otherwise).
    public var adjustables: [Adjustable]

    /// The elements for a session in `phase` with preview on; while paused, the take's playhead, kept range and
    /// whether it is being listened to. With preview off the front end shows none of them.
    public static func make(
        phase: Phase, isListening: Bool = false, playhead: Double? = nil, kept: KeptRange? = nil,
        messages: Messages = Messages()
    ) -> PreviewAccessibility {
        switch phase {
        case .locked:
            return PreviewAccessibility(
                bubble: Button(part: .pauseBubble, label: messages.pauseRecording), playButton: nil, adjustables: [])
        case .paused:
            let kept = kept ?? .whole(0)
            let playhead = kept.clamp(playhead ?? kept.start)
            func adjustable(_ part: PreviewPart, _ label: String, _ seconds: Double) -> Adjustable {
                Adjustable(part: part, label: label, value: spoken(seconds, messages), seconds: seconds)
            }
            return PreviewAccessibility(
                bubble: Button(part: .pauseBubble, label: messages.resumeRecording),
                playButton: Button(
                    part: .playButton, label: isListening ? messages.pausePlayback : messages.playRecording),
                adjustables: [
                    adjustable(.startHandle, messages.trimStart, kept.start),
                    adjustable(.waveform, messages.position, playhead),
                    adjustable(.endHandle, messages.trimEnd, kept.end),
                ])
        case .idle, .holding, .stopped:
            return PreviewAccessibility(bubble: nil, playButton: nil, adjustables: [])
        }
    }

    /// A time spoken in whole seconds, rounded down (the clock's way: 2.9 s is still "2 seconds").
    static func spoken(_ seconds: Double, _ messages: Messages) -> String {
        // Clamp before converting: Int(_:) traps on values it can't hold.
        let whole = min(max(0, seconds.isFinite ? seconds : 0), Double(Int32.max)).rounded(.down)
        return messages.spokenDuration(Int(whole))
    }
}
