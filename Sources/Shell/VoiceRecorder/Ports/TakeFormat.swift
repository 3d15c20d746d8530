import Foundation

/// The kind of file a take is written as (SPEC G): AAC-LC in an `.m4a` (the default, SPEC A.5), or Opus in an
/// `.ogg`, the voice notes chat apps send. Both are 24 kHz mono from the same capture.
public enum TakeFormat: String, CaseIterable, Sendable, Equatable, Codable {
    /// AAC-LC in MP4, `voice-<UUID>.m4a`.
    case aac
    /// Opus in Ogg, `voice-<UUID>.ogg`.
    case opus

    /// The default: AAC, so that everything in SPEC A.5 holds as written.
    public static let `default` = TakeFormat.aac

    /// The file name extension of a take in this format.
    public var fileExtension: String {
        switch self {
        case .aac: "m4a"
        case .opus: "ogg"
        }
    }

    /// The format a file's name says, if it is one of a take's.
    public init?(fileExtension: String) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension.lowercased() }) else {
            return nil
        }
        self = format
    }
}

/// The standard location and name of a take's file: `voice-<UUID>.m4a` (or `.ogg` for Opus) in `directory`.
public func takeFileURL(
    in directory: URL = FileManager.default.temporaryDirectory, id: UUID = UUID(), format: TakeFormat = .default
) -> URL {
    directory.appendingPathComponent("voice-\(id.uuidString).\(format.fileExtension)")
}
