/// What can interrupt a take (SPEC A.6, and C for how each maps onto Linux).
public enum Interruption: String, Sendable, Equatable, CaseIterable {
    /// A call, a voice assistant, an alarm: on Linux, the server asks our stream to cork, or the source is suspended.
    case call
    /// The input device disappeared, or the capture stream failed.
    case routeLost = "route-lost"
    /// The media services (the sound server) died or restarted.
    case mediaReset = "media-reset"
    /// The app left the foreground (its window was minimised or hidden).
    case background
    /// The control was disabled. Cancels the take as Delete would.
    case disabled
    /// The control went away.
    case gone
}
