import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderCore

/// What a row's transcript line says (SPEC E.3, E.4), as text and Pango markup, read from the state alone so it is
/// tested without a display: a search result's snippet with the matched words in bold and the match's time; else
/// the transcript's first words, or its state in words.
enum TranscriptLine: Equatable {
    /// Nothing to show (pending; a machine without the engine says so in the transcript view, not in every row).
    case hidden
    /// A line of plain text; `opensTranscript`: clicking it opens the transcript view.
    case text(String, opensTranscript: Bool)
    /// A search result: Pango markup, and what a screen reader reads.
    case snippet(markup: String, spoken: String)

    /// The line for `memo` as `state` has it.
    static func of(_ memo: Memo, in state: MemosState) -> TranscriptLine {
        if let hit = state.searchHit(for: memo.id), let snippet = hit.snippet {
            let time = ClockFormat.text(elapsed: hit.time ?? 0, maximum: memo.duration)
            let runs = leadingUpToTheMatch(snippet.runs).map { run in
                run.isMatch ? "<b>\(escaped(run.text))</b>" : escaped(run.text)
            }
            return .snippet(
                markup: "<span font_features=\"tnum\">\(time)</span>  \(runs.joined())",
                spoken: tr("Said at {time}: {words}").filling(["time": time, "words": snippet.text]))
        }
        let state = state.transcriptState(of: memo.id)
        switch state {
        // An untitled memo's title is its first words already (E.3): the line would say them twice.
        case .done: return memo.title.isEmpty ? .hidden : .text(memo.transcript.firstWords, opensTranscript: true)
        case .transcribing, .none: return .text(state.words, opensTranscript: false)
        case .failed: return .text(state.words, opensTranscript: true)
        case .pending, .unavailable: return .hidden
        }
    }

    /// How many words a snippet keeps before its first match: the line is ellipsised at its end, so on a narrow
    /// window the matched word must come early to be seen.
    static let wordsBeforeTheMatch = 3

    /// The snippet's runs with the text before the first match cut to its last `wordsBeforeTheMatch` words ("…"
    /// in front when something was cut).
    static func leadingUpToTheMatch(_ runs: [Snippet.Run]) -> [Snippet.Run] {
        guard let first = runs.firstIndex(where: \.isMatch), first > 0 else { return runs }
        let before = runs[..<first].map(\.text).joined()
        let words = before.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > wordsBeforeTheMatch else { return runs }
        let kept = "…" + words.suffix(wordsBeforeTheMatch).joined(separator: " ") + (before.hasSuffix(" ") ? " " : "")
        return [Snippet.Run(kept, isMatch: false)] + runs[first...]
    }

    /// `text` safe inside Pango markup.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
