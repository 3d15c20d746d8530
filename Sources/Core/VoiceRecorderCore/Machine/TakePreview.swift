/// What a paused take holds besides its file (SPEC D.2–D.4): its length, the kept range, the playhead, and whether
/// it is being listened to. A value owned by `RecorderMachine`; times are seconds on the machine's clock.
public struct TakePreview: Sendable, Equatable {
    /// A listening stretch: playing from `from` (take seconds) since `since` (clock seconds).
    struct Listening: Sendable, Equatable {
        var since: Double
        var from: Double
    }

    /// The take's recorded length in seconds.
    public private(set) var length: Double
    /// The part Send keeps.
    public private(set) var kept: KeptRange
    /// Where the playhead rests while not listening.
    private var restingPlayhead: Double
    var listening: Listening?

    /// A freshly paused take `length` seconds long: everything kept, the playhead at the start.
    init(length: Double) {
        self.length = max(0, length)
        kept = .whole(length)
        restingPlayhead = 0
    }

    /// Whether the take is being listened to.
    public var isListening: Bool { listening != nil }

    /// The playhead at `now`: moving with the clock while listening, never past the kept range's end.
    public func playhead(at now: Double) -> Double {
        guard let listening else { return restingPlayhead }
        return kept.clamp(listening.from + max(0, now - listening.since))
    }

    /// The take's length as the file says (more exact than the clock): everything kept again.
    mutating func measured(_ seconds: Double) {
        guard listening == nil else { return }
        length = max(0, seconds)
        kept = .whole(length)
        restingPlayhead = kept.clamp(restingPlayhead)
    }

    /// Starts listening from the playhead (from the start of the kept range when the playhead is at its end).
    mutating func play(at now: Double) {
        var from = playhead(at: now)
        if from >= kept.end - 1e-9 { from = kept.start }
        listening = Listening(since: now, from: from)
    }

    /// Stops listening; the playhead rests where it was, or at the start of the kept range when it reached the end.
    mutating func stopListening(at now: Double, reachedEnd: Bool = false) {
        restingPlayhead = reachedEnd ? kept.start : playhead(at: now)
        listening = nil
    }

    /// Moves the playhead to `seconds`, inside the kept range (listening goes on from there).
    mutating func seek(to seconds: Double, at now: Double) {
        let target = kept.clamp(seconds.isFinite ? seconds : kept.start)
        if listening != nil { listening = Listening(since: now, from: target) } else { restingPlayhead = target }
    }

    /// Moves the kept range's ends; the playhead stays inside it.
    mutating func trim(start: Double?, end: Double?, shortest: Double, at now: Double) {
        let current = playhead(at: now)
        kept = kept.trimmed(start: start, end: end, length: length, shortest: shortest)
        if listening != nil {
            listening = Listening(since: now, from: kept.clamp(current))
        } else {
            restingPlayhead = kept.clamp(current)
        }
    }

    /// Whether the clock says the listening has run `grace` seconds past the kept range's end.
    func listeningOverran(at now: Double, grace: Double) -> Bool {
        guard let listening else { return false }
        return listening.from + (now - listening.since) >= kept.end + grace
    }
}
