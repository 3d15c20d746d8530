import Foundation
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderOpus

/// The writer of a take in either format: `M4ATakeWriter` for AAC, `OggOpusTakeWriter` for Opus (which loads
/// nothing of FFmpeg), `voice-<UUID>.<extension>` in one directory. A Session given these writes each take in its
/// `format` (SPEC G).
public struct TakeWriters: TakeWriterFactory {
    /// Where takes are written: the temporary directory unless told otherwise.
    public let directory: URL

    public init(directory: URL = FileManager.default.temporaryDirectory) {
        self.directory = directory
    }

    /// A writer for a new take in the default format, AAC.
    public func makeWriter() throws -> TakeWriter { try makeWriter(format: .default) }

    /// A writer of a new file at `url` in `format` (a memo's audio written again: an import, an edit).
    public static func writer(to url: URL, format: TakeFormat) throws -> TakeWriter {
        switch format {
        case .aac: try M4ATakeWriter(url: url)
        case .opus: try OggOpusTakeWriter(url: url)
        }
    }

    public func makeWriter(format: TakeFormat) throws -> TakeWriter {
        switch format {
        case .aac: try M4ATakeWriterFactory(directory: directory).makeWriter()
        case .opus: try OggOpusTakeWriterFactory(directory: directory).makeWriter()
        }
    }
}
