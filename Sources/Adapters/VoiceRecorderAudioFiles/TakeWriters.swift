import Foundation
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderOpus

/// The writer of a take in either format: `M4ATakeWriter` for AAC, `OggOpusTakeWriter` for Opus (which loads
/// nothing of FFmpeg), `voice-<UUID>.<extension>` in one directory.
public struct TakeWriters: FormatTakeWriterFactory {
    /// Where takes are written: the temporary directory unless told otherwise.
    public let directory: URL
    /// The format `makeWriter()` writes in.
    public let format: TakeFormat

    public init(directory: URL = FileManager.default.temporaryDirectory, format: TakeFormat = .default) {
        self.directory = directory
        self.format = format
    }

    /// A writer for a new take in `format`.
    public func makeWriter() throws -> TakeWriter { try makeWriter(format: format) }

    public func makeWriter(format: TakeFormat) throws -> TakeWriter {
        switch format {
        case .aac: try M4ATakeWriterFactory(directory: directory).makeWriter()
        case .opus: try OggOpusTakeWriterFactory(directory: directory).makeWriter()
        }
    }
}
