/// What is wrong with a file read as Ogg Opus, in words (the file's name is added by the error around it).
enum OggOpusFormatProblem: Error, Sendable, Equatable {
    /// The file has no bytes.
    case empty
    /// The file does not start with an Ogg page.
    case notOgg
    /// An Ogg file whose stream is another codec's, named when it is known.
    case notOpus(String?)
    /// The Opus headers are not as RFC 7845 has them.
    case badHeader(String)
    /// More than one logical stream: multiplexed, or chained one after the other.
    case severalStreams
    /// The file ends inside a page.
    case truncated(offset: Int64)
    /// A page whose checksum does not match, or bytes that are no page, at `offset`.
    case damaged(offset: Int64)
    /// A page's granule position is smaller than the one before it.
    case granuleBackwards(offset: Int64)
    /// An audio packet that is not an Opus packet.
    case badPacket(offset: Int64)
    /// Pages after the end of the stream.
    case pagesAfterEnd(offset: Int64)

    /// The problem in words, as an error line gives it after the file's name.
    var words: String {
        switch self {
        case .empty: "not an audio file (it is empty)"
        case .notOgg: "not an Ogg file"
        case .notOpus(let codec):
            "not an Opus file (\(codec.map { "its Ogg stream holds \($0)" } ?? "its Ogg stream is not Opus"))"
        case .badHeader(let reason): "not a valid Opus file (\(reason))"
        case .severalStreams: "holds more than one Ogg stream (only a single Opus stream is read)"
        case .truncated: "the file is truncated (its last page is cut short)"
        case .damaged(let offset): "the file is damaged (the Ogg page at byte \(offset) is not intact)"
        case .granuleBackwards(let offset): "the file is damaged (its positions go backwards at byte \(offset))"
        case .badPacket(let offset): "the file is damaged (the page at byte \(offset) holds a packet that is not Opus)"
        case .pagesAfterEnd(let offset): "the file is damaged (pages follow the end of its stream, at byte \(offset))"
        }
    }
}
