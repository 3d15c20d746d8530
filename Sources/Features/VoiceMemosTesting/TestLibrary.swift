import Foundation
import VoiceMemos
import VoiceRecorder

/// A library in memory: its rows are `memos`, its "files" are paths under /test. Records each call, and throws
/// where a test says.
/// `@unchecked Sendable`: every stored `var` is read and written under `lock`; the rest are `let`s
public final class TestLibrary: MemoLibrary, @unchecked Sendable {
    /// The operations that can be told to fail.
    public enum Operation: Sendable, Hashable {
        case open, keep, rename, setEnhanced, delete, restore, deleteForever, saveTranscript, saveEdit
    }

    /// The stored memos (what `open()` returns, newest first).
    public var memos: [Memo] {
        get { lock.withLock { rows } }
        set { lock.withLock { rows = newValue } }
    }
    /// Operations that throw, with the error's text.
    public var failures: [Operation: String] {
        get { lock.withLock { failing } }
        set { lock.withLock { failing = newValue } }
    }
    public let takesDirectory = URL(fileURLWithPath: "/test/takes", isDirectory: true)
    /// Whether `firstScreen(limit:)` answers (as the SQLite library does) rather than leaving it all to `open()`.
    public var offersFirstScreen: Bool {
        get { lock.withLock { firstScreenOffered } }
        set { lock.withLock { firstScreenOffered = newValue } }
    }

    /// The stored transcripts, by memo.
    public var transcripts: [UUID: Transcript] {
        get { lock.withLock { storedTranscripts } }
        set { lock.withLock { storedTranscripts = newValue } }
    }

    let log: TestCallLog
    let lock = NSLock()
    var storedTranscripts: [UUID: Transcript] = [:]
    /// What each edited memo keeps of its original.
    var edits: [UUID: MemoEditPlan] = [:]
    var rows: [Memo]
    private var lastNumber = 0
    private var failing: [Operation: String] = [:]
    private var firstScreenOffered = false

    public init(memos: [Memo] = [], log: TestCallLog = TestCallLog()) {
        rows = memos
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
        return lock.withLock {
            // Numbered as the real library numbers: one more than any memo it has held.
            lastNumber = max(lastNumber, rows.map(\.number).max() ?? 0) + 1
            let memo = Memo(
                id: id, title: title, date: date, duration: recording.duration, samples: recording.samples,
                isRecovered: isRecovered, number: lastNumber)
            rows.append(memo)
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
        try lock.withLock {
            guard rows.contains(where: { $0.id == id }) else { throw TestFailure("no memo \(id.uuidString)") }
            rows.removeAll { $0.id == id }
            storedTranscripts[id] = nil
        }
    }

    func update(_ id: UUID, _ change: (inout Memo) -> Void) throws {
        try lock.withLock {
            guard let index = rows.firstIndex(where: { $0.id == id }) else {
                throw TestFailure("no memo \(id.uuidString)")
            }
            change(&rows[index])
        }
    }

    func failIfTold(_ operation: Operation) throws {
        if let message = failures[operation] { throw TestFailure(message) }
    }
}
