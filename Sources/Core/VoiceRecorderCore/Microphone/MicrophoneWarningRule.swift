/// Decides a take's microphone warning (SPEC F.2) from what the session sees: the take starting and ending, its
/// audio arriving, the loudest sample peaks, the source's muted flag and the time. Pure and synchronous, on the
/// session's clock, so it is tested on a test clock without sleeping; the shell feeds it and shows what it says.
///
/// - **Muted** as soon as the source is known to be muted while a take runs (the source's state is followed
///   beside the take, so this is the moment the take starts when it was muted already).
/// - **Silent** once the take has run for 1.5 s (from the hold landing, whether or not any audio has come: a
///   microphone slow to start, as a Bluetooth headset switching profile is, warns all the same) with every peak
///   under −60 dBFS; it clears at the first peak at or over −60 dBFS (the session reads the meter about 30 times a
///   second, so within 0.5 s of sound).
///   Choice: only the first 1.5 s count, as the SPEC says, so a take that had sound and then goes quiet (a pause
///   between sentences) never warns, and a warning that cleared does not come back.
/// - Muted wins over silent (a muted source records silence anyway); unmuting in a take that has heard nothing
///   for 1.5 s shows silent until sound arrives.
/// - Choice: a take that pauses (SPEC D) or ends clears its warning; a resumed take is not checked again.
public struct MicrophoneWarningRule: Sendable, Equatable {
    /// A peak under this (dBFS) is no sound.
    public static let silenceDecibels = -60.0
    /// The sample peak of −60 dBFS (0.001 of full scale).
    public static let silencePeak = 0.001
    /// How long the audio must stay under `silenceDecibels` from its start for the silent warning.
    public static let silentAfter = 1.5

    /// The warning as it stands.
    public private(set) var warning: MicrophoneWarning = .none
    /// Whether a take is being checked.
    public private(set) var isChecking = false
    /// Whether the source is muted, as last reported (kept between takes: the source's state, not the take's).
    public private(set) var isMuted = false
    /// When the take started: its silence is counted from here.
    private var takeStartedAt: Double?
    /// Whether any peak of this take reached `silenceDecibels`.
    private var heardSound = false

    /// A rule with no take under way.
    public init() {}

    /// A take started (the hold landed, or a hands-free start): check it.
    /// - Returns: the new warning when it changed.
    public mutating func takeStarted(at now: Double) -> MicrophoneWarning? {
        isChecking = true
        takeStartedAt = now
        heardSound = false
        return decide(at: now)
    }

    /// The take's first audio arrived (the silence is counted from the take's start all the same).
    public mutating func audioStarted(at now: Double) -> MicrophoneWarning? {
        guard isChecking else { return nil }
        if takeStartedAt == nil { takeStartedAt = now }
        return decide(at: now)
    }

    /// The loudest sample peak (0…1 of full scale) the take has seen since the last reading.
    public mutating func peak(_ peak: Double, at now: Double) -> MicrophoneWarning? {
        guard isChecking else { return nil }
        if peak.isFinite, abs(peak) >= Self.silencePeak { heardSound = true }
        return decide(at: now)
    }

    /// The source's muted flag, whenever it is known or changes (between takes too).
    public mutating func muted(_ muted: Bool, at now: Double) -> MicrophoneWarning? {
        isMuted = muted
        return decide(at: now)
    }

    /// Time passed (the session's tick).
    public mutating func advance(to now: Double) -> MicrophoneWarning? { decide(at: now) }

    /// The take ended or paused: no more checks, and any warning clears.
    public mutating func takeEnded() -> MicrophoneWarning? {
        isChecking = false
        takeStartedAt = nil
        heardSound = false
        return change(to: .none)
    }

    private mutating func decide(at now: Double) -> MicrophoneWarning? {
        guard isChecking else { return change(to: .none) }
        if isMuted { return change(to: .muted) }
        if let start = takeStartedAt, !heardSound, now - start >= Self.silentAfter - 1e-9 {
            return change(to: .silent)
        }
        return change(to: .none)
    }

    private mutating func change(to new: MicrophoneWarning) -> MicrophoneWarning? {
        guard new != warning else { return nil }
        warning = new
        return new
    }
}
