/// A transcript laid out as one text for a view (SPEC E.3): its words with one space between each, and where each
/// word is in that text, in Unicode code points (what GTK's text buffers count as characters: a thumb with its
/// skin tone is two), so the word being heard can be marked and a click in the text names its word.
public struct TranscriptText: Sendable, Equatable {
    /// The words as one text.
    public let text: String
    /// Each word's place in `text`, in code points: its first and one past its last.
    public let ranges: [Range<Int>]

    public init(_ transcript: Transcript) {
        var text = ""
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(transcript.words.count)
        var offset = 0
        for (index, word) in transcript.words.enumerated() {
            if index > 0 {
                text += " "
                offset += 1
            }
            let length = word.text.unicodeScalars.count
            ranges.append(offset ..< offset + length)
            text += word.text
            offset += length
        }
        self.text = text
        self.ranges = ranges
    }

    /// The word at code point `offset` (a click in the text), or the nearest one before it when the click fell in
    /// the space after a word; nil before the first word or in an empty transcript.
    public func wordIndex(atCharacter offset: Int) -> Int? {
        lastIndex(among: ranges.count, atMost: offset) { ranges[$0].lowerBound }
    }
}
