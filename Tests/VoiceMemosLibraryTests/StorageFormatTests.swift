import Foundation
import Testing
import VoiceMemos

@testable import VoiceMemosLibrary

/// The few encodings the library writes itself: the waveform's 16-bit fractions and the ids' canonical spelling.
@Suite struct StorageFormatTests {
    @Test func theWaveformIsKeptToTheNearest65535thAndClamped() {
        let samples = [0, 1, 0.5, 1e-6, 0.999_999, 0.123_456_789, -0.2, 1.7, .nan, .infinity]
        let stored = StoredWaveform.stored(samples)
        #expect(stored.count == samples.count)
        #expect(stored[0] == 0 && stored[1] == 1)
        for (original, back) in zip(samples.prefix(6), stored.prefix(6)) {
            #expect(abs(original - back) <= 0.5 / 65_535, "\(original) came back as \(back)")
        }
        #expect(Array(stored.suffix(4)) == [0, 1, 0, 0], "out of range is clamped, not finite is silence")
        let bytes = StoredWaveform.encode(samples)
        #expect(bytes.count == 2 * samples.count)
        #expect(bytes.withUnsafeBytes(StoredWaveform.decode) == stored)
        #expect(StoredWaveform.stored(stored) == stored, "storing again changes nothing")
    }

    @Test func titlesAndSearchesAreFoldedAlike() {
        // The library stores and searches with the model's folding.
        #expect(MemoSearch.searchKey("Café ÉTÉ Ｚｏë") == "cafe ete zoe")
        #expect(MemoSearch.queryKey("  École\t") == "ecole")
        #expect(MemoSearch.searchKey("ישיבת צוות") == "ישיבת צוות", "a script without case or accents stays as it is")
    }

    @Test func onlyTheCanonicalSpellingOfAnIDIsAMemoFileName() throws {
        let id = UUID()
        #expect(LibraryLayout.memoID(fromFileName: "\(id.uuidString).m4a") == id)
        #expect(LibraryLayout.memoID(fromFileName: "\(id.uuidString.lowercased()).m4a") == nil)
        #expect(LibraryLayout.memoID(fromFileName: "\(id.uuidString).wav") == nil)
        #expect(LibraryLayout.memoID(fromFileName: "\(id.uuidString.dropLast()).m4a") == nil)
        let notHex = id.uuidString.replacingOccurrences(of: "-", with: "G")
        #expect(LibraryLayout.memoID(fromFileName: "\(notHex).m4a") == nil)
        #expect(LibraryLayout.memoID(fromFileName: "birthday.m4a") == nil)
        for _ in 0 ..< 1_000 {
            let other = UUID()
            #expect(CanonicalUUID.parse(Substring(other.uuidString)) == other)
        }
        #expect(LibraryLayout.takeID(fromFileName: "voice-\(id.uuidString).m4a") == id)
        #expect(LibraryLayout.takeID(fromFileName: "voice-finished.m4a") == nil)
    }
}
