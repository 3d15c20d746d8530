/// What an app's banner says about a take's microphone warning (SPEC F.2), and the one action it offers.
public struct MicrophoneNotice: Sendable, Equatable {
    /// The banner's action.
    public enum Action: Sendable, Equatable {
        /// Unmute the source called this on the server.
        case unmute(String)
        /// Open the Microphone menu.
        case chooseMicrophone
    }

    /// The words: "USB Headset is muted", "No sound from USB Headset".
    public let text: String
    /// The button's label: "Unmute", "Choose Microphone…".
    public let actionLabel: String
    /// What the button does.
    public let action: Action

    /// The notice for `warning` about `source` (the take's source, when listed); nil for `.none` (hide the banner).
    public init?(_ warning: MicrophoneWarning, source: Microphone?) {
        let described = source?.description ?? tr("the microphone")
        switch warning {
        case .none:
            return nil
        case .muted:
            // Without a listed source there is nothing to unmute by name; the menu is the way out.
            text =
                source.map { tr("{microphone} is muted").filling(["microphone": $0.description]) }
                ?? tr("The microphone is muted")
            if let source {
                actionLabel = tr("Unmute")
                action = .unmute(source.name)
            } else {
                actionLabel = tr("Choose Microphone…")
                action = .chooseMicrophone
            }
        case .silent:
            text = tr("No sound from {microphone}").filling(["microphone": described])
            actionLabel = tr("Choose Microphone…")
            action = .chooseMicrophone
        }
    }
}
