import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder

/// Imports a "file" into the test library as a 5-second memo dated at the epoch, through the library's `keep` (so a
/// test sees both calls); a file a test names in `failures` throws its text instead.
public final class TestImporter: MemoImporter, Sendable {
    /// Files that are "not audio", with the error's text.
    public var failures: [URL: String] {
        get { failing.withLock { $0 } }
        set { failing.withLock { $0 = newValue } }
    }

    private let library: TestLibrary
    private let epoch: Date
    private let log: TestCallLog
    private let failing = Mutex<[URL: String]>([:])

    init(library: TestLibrary, epoch: Date, log: TestCallLog) {
        self.library = library
        self.epoch = epoch
        self.log = log
    }

    public func importFile(_ url: URL, id: UUID) throws -> Memo {
        log.record(.importFile(url, id: id))
        if let failure = failures[url] { throw TestFailure(failure) }
        return try library.keep(
            Recording(url: url, duration: 5, samples: [0.5]), id: id, date: epoch, title: "", isRecovered: false)
    }
}
