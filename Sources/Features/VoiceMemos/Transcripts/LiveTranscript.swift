/// Words settled while a take was recorded (SPEC K): they are never taken back, and their times are seconds into
/// the take.
public struct LivePhrase: Sendable, Equatable {
    public var text: String
    public var start: Double
    public var end: Double

    public init(text: String, start: Double, end: Double) {
        self.text = text
        self.start = start
        self.end = max(start, end)
    }
}

/// What the live transcriber tells of the take being recorded.
public enum LiveTranscriptUpdate: Sendable, Equatable {
    /// Words now settled, after those settled before.
    case phrase(LivePhrase)
    /// The words heard past the settled ones, which may still change ("" when there are none).
    case tentative(String)
    /// Every word heard is settled; nothing more comes.
    case ended
    /// No live transcript can be made (no engine, a damaged model, an engine that broke): why, in words. Nothing
    /// more comes; the take records on as before.
    case unavailable(String)
}

/// The take's words so far, as shown under the clock: the settled phrases, then the tentative words.
public struct LiveTranscript: Sendable, Equatable {
    public private(set) var phrases: [LivePhrase] = []
    public private(set) var tentative = ""

    public init() {}

    /// The transcript after `update`.
    public mutating func apply(_ update: LiveTranscriptUpdate) {
        switch update {
        case .phrase(let phrase): phrases.append(phrase)
        case .tentative(let words): tentative = words
        case .ended, .unavailable: tentative = ""
        }
    }

    /// The settled words, one space between phrases.
    public var settledText: String { phrases.map(\.text).joined(separator: " ") }

    /// Everything heard, settled and tentative, as one line.
    public var text: String { [settledText, tentative].filter { !$0.isEmpty }.joined(separator: " ") }

    /// What the window shows of a long take: about the last two lines' worth of characters (a choice in SPEC K).
    public static let shownCharacters = 160

    /// The end of the words, at most `limit` characters, cut at a word and led by "…" when cut: the settled part
    /// and the tentative part, drawn differently.
    public func shownTail(limit: Int = shownCharacters) -> (settled: String, tentative: String) {
        let settled = settledText
        let joiner = settled.isEmpty || tentative.isEmpty ? "" : " "
        let whole = settled + joiner + tentative
        guard whole.count > limit else { return (settled + joiner, tentative) }
        // The cut falls after a space, so no word is shown in part.
        var start = whole.index(whole.endIndex, offsetBy: -limit)
        if let space = whole[start...].firstIndex(of: " ") { start = whole.index(after: space) }
        let settledEnd = whole.index(whole.startIndex, offsetBy: settled.count + joiner.count)
        let shownSettled = start < settledEnd ? String(whole[start ..< settledEnd]) : ""
        let shownTentative = String(whole[max(start, settledEnd)...])
        return ("…" + shownSettled, shownTentative)
    }
}
