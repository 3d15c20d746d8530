import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder

/// A library in memory: its rows are `memos`, its "files" are paths under /test. Records each call, and throws
/// where a test says. What it holds is one `Stored` behind a `Mutex`, so the compiler checks that it is shared safely.
public final class TestLibrary: MemoLibrary, Sendable {
    /// The operations that can be told to fail.
    public enum Operation: Sendable, Hashable {
        case open, keep, rename, setEnhanced, delete, restore, deleteForever, saveTranscript, saveEdit
    }

    /// The stored memos (what `open()` returns, newest first).
    public var memos: [Memo] {
        get { stored.withLock { $0.rows } }
        set { stored.withLock { $0.rows = newValue } }
    }
    /// Operations that throw, with the error's text.
    public var failures: [Operation: String] {
        get { stored.withLock { $0.failing } }
        set { stored.withLock { $0.failing = newValue } }
    }
    public let takesDirectory = URL(fileURLWithPath: "/test/takes", isDirectory: true)
    /// Whether `firstScreen(limit:)` answers (as the SQLite library does) rather than leaving it all to `open()`.
    public var offersFirstScreen: Bool {
        get { stored.withLock { $0.firstScreenOffered } }
        set { stored.withLock { $0.firstScreenOffered = newValue } }
    }

    /// The stored transcripts, by memo.
    public var transcripts: [UUID: Transcript] {
        get { stored.withLock { $0.transcripts } }
        set { stored.withLock { $0.transcripts = newValue } }
    }

    let log: TestCallLog
    /// Everything the library holds, changed only under its lock.
    struct Stored {
        var rows: [Memo]
        var transcripts: [UUID: Transcript] = [:]
        /// What each edited memo keeps of its original.
        var edits: [UUID: MemoEditPlan] = [:]
        var lastNumber = 0
        var failing: [Operation: String] = [:]
        var firstScreenOffered = false
    }
    let stored: Mutex<Stored>

    public init(memos: [Memo] = [], log: TestCallLog = TestCallLog()) {
        stored = Mutex(Stored(rows: memos))
        self.log = log
    }

    /// Where a memo's file would be.
    public func fileURL(of id: UUID) -> URL { URL(fileURLWithPath: "/test/memos/\(id.uuidString).m4a") }

    public func open() throws -> [Memo] {
        log.record(.open)
        try failIfTold(.open)
        return memos.sorted { $0.date > $1.date }
    }

    public func firstScreen(limit: Int) throws -> [Memo]? {
        guard offersFirstScreen else { return nil }
        log.record(.firstScreen(limit: limit))
        try failIfTold(.open)
        return Array(memos.filter { !$0.isDeleted }.sorted { $0.date > $1.date }.prefix(limit))
    }

    public func keep(_ recording: Recording, id: UUID, date: Date, title: String, isRecovered: Bool) throws -> Memo {
        log.record(.keep(recording.url, id: id, date: date, title: title, isRecovered: isRecovered))
        try failIfTold(.keep)
        return stored.withLock { stored in
            // Numbered as the real library numbers: one more than any memo it has held.
            stored.lastNumber = max(stored.lastNumber, stored.rows.map(\.number).max() ?? 0) + 1
            let memo = Memo(
                id: id, title: title, date: date, duration: recording.duration, samples: recording.samples,
                isRecovered: isRecovered, number: stored.lastNumber)
            stored.rows.append(memo)
            return memo
        }
    }

    public func rename(_ id: UUID, to title: String) throws {
        log.record(.rename(id, title))
        try failIfTold(.rename)
        try update(id) { $0.title = title }
    }

    public func setEnhanced(_ enhanced: Bool, of id: UUID) throws {
        log.record(.setEnhanced(id, enhanced))
        try failIfTold(.setEnhanced)
        try update(id) { $0.isEnhanced = enhanced }
    }

    public func delete(_ id: UUID, at date: Date) throws {
        log.record(.delete(id, at: date))
        try failIfTold(.delete)
        try update(id) { $0.deletedAt = date }
    }

    public func restore(_ id: UUID) throws {
        log.record(.restore(id))
        try failIfTold(.restore)
        try update(id) { $0.deletedAt = nil }
    }

    public func deleteForever(_ id: UUID) throws {
        log.record(.deleteForever(id))
        try failIfTold(.deleteForever)
        try stored.withLock { stored in
            guard stored.rows.contains(where: { $0.id == id }) else {
                throw TestFailure("no memo \(id.uuidString)")
            }
            stored.rows.removeAll { $0.id == id }
            stored.transcripts[id] = nil
        }
    }

    func update(_ id: UUID, _ change: (inout Memo) -> Void) throws {
        try stored.withLock { stored in
            guard let index = stored.rows.firstIndex(where: { $0.id == id }) else {
                throw TestFailure("no memo \(id.uuidString)")
            }
            change(&stored.rows[index])
        }
    }

    func failIfTold(_ operation: Operation) throws {
        if let message = failures[operation] { throw TestFailure(message) }
    }
}
