import Foundation
import Synchronization
import VoiceRecorder
import VoiceRecorderAudioFiles

/// The control's take writers: either format, in the folder its `output-directory` property names now (the
/// property may change between takes; a take under way keeps the writer it began with).
final class TakesInDirectory: TakeWriterFactory {
    private let folder: Mutex<URL>

    init(directory: URL) { folder = Mutex(directory) }

    /// The folder the next take is written in.
    var directory: URL {
        get { folder.withLock { $0 } }
        set { folder.withLock { $0 = newValue } }
    }

    func makeWriter() throws -> TakeWriter { try makeWriter(format: .default) }

    func makeWriter(format: TakeFormat) throws -> TakeWriter {
        try TakeWriters(directory: directory).makeWriter(format: format)
    }
}
