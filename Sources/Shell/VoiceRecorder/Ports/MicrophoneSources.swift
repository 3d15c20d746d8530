import Foundation

/// One capture source as the sound server lists it (SPEC F.1).
public struct Microphone: Sendable, Equatable, Hashable {
    /// The server's name for it, which a take records from and a choice is remembered by (`alsa_input.usb-…`).
    public var name: String
    /// What people call it: "Built-in Audio Analog Stereo", "USB Headset".
    public var description: String
    /// Whether it only mirrors what an output plays (a monitor), rather than a microphone.
    public var isMonitor: Bool
    /// Whether it is muted on the server.
    public var isMuted: Bool
    /// Whether it is the desktop's default source.
    public var isDefault: Bool

    /// A source as listed.
    public init(
        name: String, description: String, isMonitor: Bool = false, isMuted: Bool = false, isDefault: Bool = false
    ) {
        self.name = name
        self.description = description
        self.isMonitor = isMonitor
        self.isMuted = isMuted
        self.isDefault = isDefault
    }
}

/// The sound server's capture sources, followed while the app runs (SPEC F.1, F.2): what the apps' Microphone menu
/// lists and what a session watches for a muted source. Implementations answer off the caller's thread; nothing
/// here ever makes a take wait.
public protocol MicrophoneSources: AnyObject, Sendable {
    /// Calls `handler` with every source, in the server's order, as soon as they are known and again after each
    /// change (one added or removed, muted or unmuted, the default changing); an empty list while no server
    /// answers. Calls come serially, on any thread, until the returned following is stopped.
    func follow(_ handler: @escaping @Sendable ([Microphone]) -> Void) -> MicrophoneFollowing
    /// Unmutes the source called `name` on the server (the banner's Unmute). The change comes back through `follow`.
    func unmute(_ name: String)
}

/// A `MicrophoneSources.follow` under way; `stop()` ends it (idempotent), after which its handler is not called.
public protocol MicrophoneFollowing: AnyObject, Sendable {
    /// Stops following.
    func stop()
}

extension Array where Element == Microphone {
    /// The sources a person chooses from (SPEC F.1): outputs' monitors left out (but the default always listed),
    /// the default first, then in the server's order.
    public var choosable: [Microphone] {
        let listed = filter { !$0.isMonitor || $0.isDefault }
        return listed.filter(\.isDefault) + listed.filter { !$0.isDefault }
    }

    /// The source a take records from when `name` was chosen: that one if it is here, else the default (nil when
    /// neither is listed).
    public func recordedFrom(chosen name: String?) -> Microphone? {
        if let name, let chosen = first(where: { $0.name == name }) { return chosen }
        return first(where: \.isDefault)
    }

    /// The source called, or described as, `nameOrDescription`: a name matches first, then a description (case
    /// ignored), so `--device "USB Headset"` finds what the menu calls that.
    public func matching(_ nameOrDescription: String) -> Microphone? {
        first { $0.name == nameOrDescription }
            ?? first { $0.description.caseInsensitiveCompare(nameOrDescription) == .orderedSame }
    }
}
