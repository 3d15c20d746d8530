import Foundation
import VoiceRecorder

/// The rules of the desktop's search (SPEC J.1), as values: what the Activities overview's words search for, which
/// memos it lists, what it shows for each, and how the app is started for a result or for the whole search. The
/// search provider (`voice-memos-search-provider`) only carries these over D-Bus.
public enum ShellSearch {
    /// The most memos listed for one search: the overview shows a handful a provider.
    public static let maximumResults = 5

    /// How long the provider waits for another search before it leaves, in seconds: the overview asks again at each
    /// key typed, and D-Bus starts it anew (in a few tens of milliseconds) after that.
    public static let idleExit = 10.0

    /// `idleExit`, or the seconds in `VOICEMEMOS_SEARCH_IDLE_EXIT` (the tests' way to see it leave without waiting).
    public static func idleExit(environment: [String: String]) -> Double {
        environment["VOICEMEMOS_SEARCH_IDLE_EXIT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? idleExit
    }

    /// The query the overview's `terms` make: its words, as the app's search would get them typed (E.4's rules).
    public static func query(_ terms: [String]) -> String {
        terms.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The result IDs for `hits`, best first: the memos' IDs, at most `maximumResults`.
    public static func resultIDs(_ hits: [SearchHit]) -> [String] {
        hits.prefix(maximumResults).map(\.id.uuidString)
    }

    /// What a listed memo shows: its name and a line under it.
    public struct Meta: Sendable, Equatable {
        public var id: String
        /// The title it shows in the app (its own, or its first words).
        public var name: String
        /// Where the words matched, with their time ("0:03 · …call the dentist on Monday"); for a title match, its
        /// length.
        public var description: String
    }

    /// The meta of `memo`, found by `hit` (nil: listed by an earlier search, not this one).
    public static func meta(of memo: Memo, hit: SearchHit?) -> Meta {
        let description: String
        if let hit, let snippet = hit.snippet {
            let time = ClockFormat.text(elapsed: hit.time ?? 0, maximum: memo.duration)
            description = "\(time) · \(snippet.text.trimmingCharacters(in: .whitespacesAndNewlines))"
        } else {
            description = ClockFormat.text(elapsed: memo.duration, maximum: memo.duration)
        }
        return Meta(id: memo.id.uuidString, name: MemoTitle.displayTitle(of: memo), description: description)
    }

    /// The app's arguments for activating result `id`: play the memo from just before the word the search found
    /// (`hit`, when the search still finds it), else from its start.
    public static func activationArguments(id: UUID, hit: SearchHit?) -> [String] {
        var arguments = ["--play", id.uuidString]
        if let hit, hit.id == id, hit.time != nil {
            arguments += ["--from", String(format: "%.2f", hit.playFrom)]
        }
        return arguments
    }

    /// The app's arguments for the whole search ("Search in Voice Memos"): the app opened on it.
    public static func searchArguments(_ terms: [String]) -> [String] { ["--search", query(terms)] }
}
