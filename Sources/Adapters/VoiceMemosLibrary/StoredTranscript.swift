import Foundation
import VoiceMemos

/// How a transcript is stored: its words as one text (one space between each, what the full-text index reads and
/// a row's first line shows) and their times beside it as little-endian 32-bit floats, start and end of each word
/// in order — 8 bytes a word, where JSON would take about 40, and read back without parsing.
///
/// A word never holds whitespace in the stored text (any inside one is dropped), so the text's words and the
/// times always pair up; a word with nothing left is not stored. Float32 keeps a time to better than a
/// millisecond up to four hours into a memo, finer than the engine's 0.01 s.
enum StoredTranscript {
    /// The words as stored: whitespace taken out of each, empty ones left out.
    static func storedWords(_ transcript: Transcript) -> [Transcript.Word] {
        transcript.words.compactMap { word in
            let text = word.text.filter { !$0.isWhitespace }
            return text.isEmpty ? nil : Transcript.Word(text: text, start: word.start, end: word.end)
        }
    }

    /// The stored text of `words` (already `storedWords`).
    static func text(_ words: [Transcript.Word]) -> String {
        words.map(\.text).joined(separator: " ")
    }

    /// The stored times of `words`.
    static func times(_ words: [Transcript.Word]) -> Data {
        var data = Data(capacity: words.count * 8)
        for word in words {
            for time in [word.start, word.end] {
                withUnsafeBytes(of: Float32(time).bitPattern.littleEndian) { data.append(contentsOf: $0) }
            }
        }
        return data
    }

    /// The words back from their stored text and times; a word without times (a damaged row) gets the last known
    /// time, so a transcript always reads whole.
    static func words(text: String, times bytes: UnsafeRawBufferPointer) -> [Transcript.Word] {
        let texts = text.split(separator: " ", omittingEmptySubsequences: true)
        let pairs = bytes.count / 8
        var words: [Transcript.Word] = []
        words.reserveCapacity(texts.count)
        var last = 0.0
        for (index, word) in texts.enumerated() {
            var start = last
            var end = last
            if index < pairs {
                start = time(bytes, at: index * 2)
                end = time(bytes, at: index * 2 + 1)
                last = end
            }
            words.append(Transcript.Word(text: String(word), start: start, end: end))
        }
        return words
    }

    /// The start time of word `index` (its times in `bytes`), nil when the row has none for it.
    static func start(ofWord index: Int, in bytes: UnsafeRawBufferPointer) -> Double? {
        index * 8 + 8 <= bytes.count ? time(bytes, at: index * 2) : nil
    }

    private static func time(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Double {
        let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        let value = Double(Float32(bitPattern: bits))
        // Stored values come from this code; a NaN could only be damage, and a time must be a number.
        return value.isFinite ? (value * 100).rounded() / 100 : 0
    }
}
