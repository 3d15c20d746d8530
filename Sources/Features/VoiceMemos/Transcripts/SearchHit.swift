import Foundation

/// One result of a search over titles and transcripts (SPEC E.4).
public struct SearchHit: Sendable, Equatable {
    /// The memo found. A hit names it rather than holding its row: the list already has every memo, and a search
    /// that read a full row for each of a thousand title matches spent most of its time doing so.
    public var id: UUID
    /// The title it shows (`MemoTitle.displayTitle`: its own, or the placeholder from its first words).
    public var title: String
    /// Whether its title holds the query (title matches come first).
    public var matchesTitle: Bool
    /// The part of its transcript around the match, with the matched words marked; nil when only the title matched.
    public var snippet: Snippet?
    /// Seconds into the memo of the first transcript word that matched: activating the result plays from about
    /// 1 s before it. Nil when only the title matched.
    public var time: Double?

    public init(id: UUID, title: String, matchesTitle: Bool, snippet: Snippet? = nil, time: Double? = nil) {
        self.id = id
        self.title = title
        self.matchesTitle = matchesTitle
        self.snippet = snippet
        self.time = time
    }

    /// How far before the matched word activating a result starts playing, so the word is heard whole.
    public static let leadIn = 1.0

    /// Where playing from this result starts: `leadIn` before the matched word, never before the memo's start.
    public var playFrom: Double { max(0, (time ?? 0) - Self.leadIn) }
}

/// A few words of a transcript around a match, as runs of plain and emphasised text.
public struct Snippet: Sendable, Equatable {
    /// A run of the snippet's text, emphasised when it is a matched word.
    public struct Run: Sendable, Equatable {
        public var text: String
        public var isMatch: Bool

        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public var runs: [Run]

    public init(runs: [Run]) { self.runs = runs }

    /// The snippet as plain text.
    public var text: String { runs.map(\.text).joined() }

    /// The snippet from text where the matched words are wrapped in `open` … `close` markers (what SQLite's FTS5
    /// `snippet()` writes), the markers dropped.
    public init(marked: String, open: Character, close: Character) {
        var runs: [Run] = []
        var current = ""
        var inMatch = false
        for character in marked {
            if character == open || character == close {
                if !current.isEmpty { runs.append(Run(current, isMatch: inMatch)) }
                current = ""
                inMatch = character == open
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { runs.append(Run(current, isMatch: inMatch)) }
        self.init(runs: runs)
    }
}
