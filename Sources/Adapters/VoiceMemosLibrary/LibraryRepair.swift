import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderPOSIX

/// What the start-up check found, and what it did about it.
public struct LibraryCheck: Sendable, Equatable {
    /// Memos made from takes a crash cut short (finished by `TakeRecovery`).
    public var recoveredTakes: [UUID] = []
    /// Memos made from finished audio files found without a row.
    public var adoptedFiles: [UUID] = []
    /// Memos whose file is gone: their rows stay, and they are shown as missing.
    public var missing: [UUID] = []
    /// Files that would become memos, not moved yet: the check ran without repairing, or another process had the
    /// library open (`deferred`).
    public var pending: [URL] = []
    /// Files that could not be decoded or moved: left where they are, untouched.
    public var leftAlone: [URL] = []
    /// Whether repairs were put off because another process had the library open.
    public var deferred = false
    /// Memos whose edit a kill interrupted after it was committed: finished, the memo is as edited (SPEC I.1).
    public var finishedEdits: [UUID] = []
    /// Edits a kill interrupted before they were committed: their files removed, the memo is as it was.
    public var discardedEdits: [URL] = []

    public init() {}
}

/// The start-up check (SPEC B.7): unfinished takes are finished, files without a row are adopted, rows without a
/// file are reported missing. Nothing is ever deleted but the library's own interrupted copies.
struct LibraryRepair {
    let layout: LibraryLayout
    let temporaryDirectory: URL
    let table: MemoTable

    private var mover: FileMover { FileMover(layout: layout, observer: nil) }

    /// Runs the check; files are moved and rows written only when `moving`. Returns what it found, and the memos
    /// whose file is in `memos/` once it is done (so the list that follows need not look again).
    func run(moving: Bool, deferred: Bool) throws -> (check: LibraryCheck, files: Set<UUID>) {
        var check = LibraryCheck()
        check.deferred = deferred
        // Edits first: a memo's file must be its own before the files are counted below.
        try EditRepair(layout: layout, originals: OriginalsTable(connection: table.connection))
            .run(moving: moving, into: &check)
        try bringInTakes(fromTemporaryDirectory: moving, into: &check)
        try adoptTakes(moving: moving, into: &check)
        // One listing of memos/ and one read of the ids serve both the orphans and the missing: every file a
        // step below adopts gets its row, so what was missing before it is what is missing after.
        let rows = try table.ids()
        let files = (try? POSIX.names(inDirectory: layout.memosDirectory.path)) ?? []
        var memoFiles = Set<UUID>(minimumCapacity: files.count)
        var others: [String] = []
        for name in files {
            if let id = LibraryLayout.memoID(fromFileName: name) { memoFiles.insert(id) } else { others.append(name) }
        }
        try adoptMemoFiles(memoFiles.subtracting(rows), others: others, moving: moving, into: &check)
        check.missing = rows.subtracting(memoFiles).sorted { $0.uuidString < $1.uuidString }
        memoFiles.formUnion(check.recoveredTakes)
        memoFiles.formUnion(check.adoptedFiles)
        return (check, memoFiles)
    }

    /// Unfinished takes a dead recorder left in the temporary directory are moved into `takes/` as they are
    /// (still unfinished), where the next step finishes them.
    private func bringInTakes(fromTemporaryDirectory moving: Bool, into check: inout LibraryCheck) throws {
        for take in TakeFiles.findUnfinished(in: temporaryDirectory) {
            guard moving else {
                check.pending.append(take)
                continue
            }
            let inside = layout.takesDirectory.appendingPathComponent(take.lastPathComponent)
            do throws(POSIX.Error) {
                if FileManager.default.fileExists(atPath: inside.path) {
                    // A copy from another file system that completed, cut before the original was removed.
                    try POSIX.removeFile(ifPresent: take.path)
                } else {
                    try moveTake(take, to: inside)
                }
            } catch {
                check.leftAlone.append(take)
            }
        }
    }

    private func moveTake(_ take: URL, to inside: URL) throws(POSIX.Error) {
        try FileMover.rename(take.path, to: inside.path, orCopyThrough: inside.path + LibraryLayout.copySuffix)
        try POSIX.synchronizeDirectory(layout.takesDirectory.path)
        try POSIX.synchronizeDirectory(take.deletingLastPathComponent().path)
    }

    /// Every take in `takes/`: unfinished ones no live writer holds are finished, then each finished one becomes
    /// a recovered memo, under the id in its name when it has one.
    private func adoptTakes(moving: Bool, into check: inout LibraryCheck) throws {
        let unlocked = Set(TakeFiles.findUnfinished(in: layout.takesDirectory).map(\.lastPathComponent))
        for name in names(in: layout.takesDirectory) {
            let url = layout.takesDirectory.appendingPathComponent(name)
            if name.hasSuffix(LibraryLayout.copySuffix) {
                // A copy a kill interrupted: its original is still where it was, and will be brought in again.
                if moving { _ = try? POSIX.removeFile(ifPresent: url.path) }
                continue
            }
            guard LibraryLayout.format(ofFileName: name) != nil, !name.hasSuffix(LibraryLayout.copySuffix) else {
                continue
            }
            let unfinished = TakeFiles.isUnfinished(url)
            if unfinished && !unlocked.contains(name) { continue }  // a live recorder is writing it
            guard moving else {
                check.pending.append(url)
                continue
            }
            let recordedAt = modificationDate(of: url)
            if unfinished {
                guard (try? TakeFiles.recover(url)) != nil else {
                    check.leftAlone.append(url)
                    continue
                }
            }
            if let id = try adopt(url, preferredID: LibraryLayout.takeID(fromFileName: name), recordedAt: recordedAt) {
                if unfinished { check.recoveredTakes.append(id) } else { check.adoptedFiles.append(id) }
            } else {
                check.leftAlone.append(url)
            }
        }
    }

    /// Every audio file in `memos/` without a row becomes a recovered memo: `orphans` are named for an id that has
    /// no row; `others` are named otherwise, and the `.m4a` and `.ogg` files among them are first given a fresh id's
    /// name.
    private func adoptMemoFiles(
        _ orphans: Set<UUID>, others: [String], moving: Bool, into check: inout LibraryCheck
    ) throws {
        let named = orphans.map { (layout.file(of: $0).lastPathComponent, Optional($0)) }
        let unnamed = others.filter { LibraryLayout.format(ofFileName: $0) != nil }.map { ($0, UUID?.none) }
        for (name, id) in (named + unnamed).sorted(by: { $0.0 < $1.0 }) {
            let url = layout.memosDirectory.appendingPathComponent(name)
            guard moving else {
                check.pending.append(url)
                continue
            }
            let recordedAt = modificationDate(of: url)
            let unfinished = TakeFiles.isUnfinished(url)
            if unfinished, (try? TakeFiles.recover(url)) == nil {
                check.leftAlone.append(url)
                continue
            }
            if let adopted = try adopt(url, preferredID: id, recordedAt: recordedAt) {
                if unfinished { check.recoveredTakes.append(adopted) } else { check.adoptedFiles.append(adopted) }
            } else {
                check.leftAlone.append(url)
            }
        }
    }

    /// Makes the finished audio file `url` a recovered memo: decoded for its duration and waveform, moved to its
    /// memo name (unless it has it), then its row (`INSERT OR IGNORE`). Returns its id, or nil when the file can't
    /// be decoded or moved (it is then left as it is).
    private func adopt(_ url: URL, preferredID: UUID?, recordedAt: Date?) throws -> UUID? {
        guard let info = try? AudioFiles.info(of: url), let samples = try? AudioFiles.waveform(of: url) else {
            return nil
        }
        guard
            let duration = info.duration
                ?? (try? AudioFiles.decode(url) { _ in }).map({
                    Double($0.frames) / Double(AudioFormat.sampleRate)
                })
        else { return nil }
        var id = preferredID ?? UUID()
        let format = LibraryLayout.format(ofFileName: url.lastPathComponent) ?? .aac
        let target = layout.file(of: id, format: format)
        if target != url {
            // Never replace another memo's file: a name already taken gets a fresh id.
            if try FileManager.default.fileExists(atPath: layout.file(of: id).path) || table.memo(id) != nil {
                id = UUID()
            }
            do {
                try mover.move(url, to: layout.file(of: id, format: format))
            } catch {
                return nil
            }
        } else {
            try? POSIX.setPermissions(0o600, ofPath: url.path)
        }
        let date = (recordedAt ?? Date()).addingTimeInterval(-duration)
        let memo = Memo(id: id, date: date, duration: duration, samples: samples, isRecovered: true)
        // The row and its number together: a kill between them can never hand one number to two memos.
        try table.connection.transaction { _ = try table.insert(memo, ifAbsent: true) }
        return id
    }

    /// The names in `directory`, sorted; none when it can't be read.
    private func names(in directory: URL) -> [String] {
        ((try? POSIX.names(inDirectory: directory.path)) ?? []).sorted()
    }

    /// When the file at `url` was last written (the end of its recording), or nil when it can't be read.
    private func modificationDate(of url: URL) -> Date? {
        (try? POSIX.status(ofPath: url.path)).map { Date(timeIntervalSince1970: $0.modificationTime) }
    }
}
