import Foundation
import VoiceMemos
import VoiceMemosLibrary

/// The desktop's search over the memos library (SPEC J.1): the answers of `org.gnome.Shell.SearchProvider2`,
/// computed by `ShellSearch`'s rules from the library on disk. A library that does not exist yet is an empty one:
/// searching never makes it.
final class SearchProvider {
    private let layout: LibraryLayout
    private var library: SQLiteMemoLibrary?
    /// The hits of the latest search, by memo: what the overview asks metas for next.
    private var latest: [UUID: SearchHit] = [:]

    init(root: URL = LibraryLayout.defaultRoot()) {
        layout = LibraryLayout(root: root)
    }

    /// The memos `terms` find, best first, at most `ShellSearch.maximumResults`.
    func results(for terms: [String]) throws -> [String] {
        let hits = try search(terms)
        latest = Dictionary(hits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ShellSearch.resultIDs(hits)
    }

    /// What the overview shows for each of `ids` (IDs it no longer finds are left out).
    func metas(for ids: [String]) throws -> [ShellSearch.Meta] {
        guard let library = try openLibrary() else { return [] }
        return try ids.compactMap { text in
            guard let id = UUID(uuidString: text), let memo = try library.memo(id), !memo.isDeleted else { return nil }
            return ShellSearch.meta(of: memo, hit: latest[id])
        }
    }

    /// The app's arguments for result `id` of the search `terms`.
    func activation(of id: String, terms: [String]) throws -> [String]? {
        guard let id = UUID(uuidString: id) else { return nil }
        let hit = try latest[id] ?? search(terms).first { $0.id == id }
        return ShellSearch.activationArguments(id: id, hit: hit)
    }

    /// Closes the library between calls: its shared lock would otherwise keep the app's start-up repairs waiting
    /// for as long as this process lives, and opening it again costs a millisecond or two.
    func closeLibrary() {
        try? library?.close()
        library = nil
    }

    private func search(_ terms: [String]) throws -> [SearchHit] {
        let query = ShellSearch.query(terms)
        guard !query.isEmpty, let library = try openLibrary() else { return [] }
        return try library.search(query)
    }

    /// The library, connected once it exists.
    private func openLibrary() throws -> SQLiteMemoLibrary? {
        if let library { return library }
        guard FileManager.default.fileExists(atPath: layout.database.path) else { return nil }
        let opened = SQLiteMemoLibrary(root: layout.root)
        try opened.connect()
        library = opened
        return opened
    }
}
