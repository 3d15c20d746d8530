import Foundation

/// What was said in a memo (SPEC E.2): the recognised words, each with when it was said, and the language.
public struct Transcript: Sendable, Equatable {
    /// One recognised word and where it is in the memo, in seconds from its start.
    public struct Word: Sendable, Equatable {
        /// The word as written, with its punctuation ("Hello,").
        public var text: String
        public var start: Double
        public var end: Double

        public init(text: String, start: Double, end: Double) {
            self.text = text
            self.start = start
            self.end = end
        }
    }

    /// The language the engine heard (an ISO 639-1 code: "en", "de").
    public var language: String
    /// The words, in the order they were said. Empty: nothing recognisable was said (the state `none`).
    public var words: [Word]

    public init(language: String, words: [Word]) {
        self.language = language
        self.words = words
    }

    /// The words as one line of text, a space between each.
    public var text: String { words.map(\.text).joined(separator: " ") }

    /// Whether nothing was recognised.
    public var isEmpty: Bool { words.isEmpty }

    /// The word being heard at `seconds` (the last one started by then, while it lasts or until the next starts),
    /// if any: what the transcript view highlights during playback (SPEC E.3).
    public func wordIndex(at seconds: Double) -> Int? {
        // The words are in time order: the last one that started at or before `seconds`.
        lastIndex(among: words.count, atMost: seconds) { words[$0].start }
    }
}
