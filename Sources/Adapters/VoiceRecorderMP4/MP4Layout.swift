/// What the top-level boxes of a file say about it as an MP4: what a reader that could not open it needs to say
/// why in words.
package enum MP4Layout: Equatable, Sendable {
    /// The file does not start with a box an MP4 starts with.
    case notMP4
    /// Its boxes are whole, but none of them is the index (`moov`) that says where the audio is.
    case noIndex
    /// Its boxes are MP4 boxes, but the last one runs past the end of the file: it was cut short.
    case truncated
    /// Whole boxes and an index: whatever is wrong with it lies inside them.
    case complete
}

extension MP4BoxScanner {
    /// The box types that stand at the top of an MP4 file (ISO/IEC 14496-12 and the QuickTime ones FFmpeg reads).
    static let topLevelTypes: Set<FourCharacterCode> = [
        "ftyp", "styp", "moov", "moof", "mdat", "mfra", "free", "skip", "wide", "uuid", "meta", "pdin", "sidx",
        "emsg", "prft", "pnot",
    ]

    /// The file's layout, from its top-level boxes.
    package var layout: MP4Layout {
        let top = boxes()
        guard let first = top.first, Self.topLevelTypes.contains(first.type) else { return .notMP4 }
        let known = top.prefix { Self.topLevelTypes.contains($0.type) }
        if let last = known.last, last.end > fileSize { return .truncated }
        return known.contains { $0.type == "moov" } ? .complete : .noIndex
    }
}
