import Foundation
import VoiceMemos
import VoiceRecorder

/// The app's importer (SPEC J.3): dropped files come into `library` as `AudioImport` brings them in, in the format
/// the app records in at the moment of the drop (a file already in it is copied as it is).
public final class LibraryMemoImporter: MemoImporter {
    private let library: MemoLibrary
    private let format: @Sendable () -> TakeFormat

    /// Imports into `library`, each file in the format `format` says when it is imported.
    public init(library: MemoLibrary, format: @escaping @Sendable () -> TakeFormat) {
        self.library = library
        self.format = format
    }

    public func importFile(_ url: URL, id: UUID) throws -> Memo {
        try AudioImport.importFile(url, into: library, id: id, format: format())
    }
}
