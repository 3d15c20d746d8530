/// The help of a command, made from its declarations:
///
/// ```text
/// Usage: voicerec info [--verbose] PATH
///
/// <discussion>
///
/// Arguments:
///   PATH          the audio file to read
///
/// Options:
///   --verbose     also print what the libraries underneath say
///   -h, --help    show this help
///
/// <footer>
/// ```
extension Command {
    /// The whole help text, ending in exactly one newline.
    public var help: String {
        var sections = [HelpLayout.usagePrefix + synopsis]
        let discussion = HelpLayout.trimmed(self.discussion)
        if !discussion.isEmpty { sections.append(discussion) }
        let argumentRows = arguments.map { (label: $0.name, text: $0.help) }
        let optionRows =
            options.map { option in
                let label = option.placeholder.map { "\(option.name) \($0)" } ?? option.name
                let shown = option.shownDefault(defaults).map { " (default \($0))" } ?? ""
                return (label: label, text: option.help + shown)
            } + [(label: "-h, --help", text: "show this help")]
        // One label column for both tables, so they read as one.
        let column = HelpLayout.labelColumn(for: (argumentRows + optionRows).map(\.label))
        if !argumentRows.isEmpty { sections.append("Arguments:\n" + HelpLayout.table(argumentRows, column: column)) }
        sections.append("Options:\n" + HelpLayout.table(optionRows, column: column))
        let footer = HelpLayout.trimmed(self.footer)
        if !footer.isEmpty { sections.append(footer) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `voicerec record [--simulated] [--max S] PATH`, or `voicerec simulate [options] SCRIPT` when listing every
    /// option would not fit on the usage line.
    public var synopsis: String {
        let positionals = arguments.map {
            $0.isRepeated ? "[\($0.name)…]" : $0.isOptional ? "[\($0.name)]" : $0.name
        }
        let listed = options.map { option in
            "[" + (option.placeholder.map { "\(option.name) \($0)" } ?? option.name) + "]"
        }
        let full = ([name] + listed + positionals).joined(separator: " ")
        if HelpLayout.usagePrefix.count + full.count <= HelpLayout.width { return full }
        return ([name, "[options]"] + positionals).joined(separator: " ")
    }

    /// The command's line in a tool's list of commands: its last word (`record`) and its abstract.
    public var entry: CommandEntry {
        CommandEntry(name: String(name.split(separator: " ").last ?? Substring(name)), abstract: abstract)
    }
}

/// Lays help out in columns, wrapped to a terminal's width.
enum HelpLayout {
    /// The widest a help line gets.
    static let width = 110
    /// What the help's first line starts with, before the synopsis.
    static let usagePrefix = "Usage: "
    /// Labels longer than this get their text on the next line, so one long label does not push every text right.
    static let widestInlineLabel = 26

    /// Where the texts of a table start: two spaces in, the longest (inline) label, two spaces.
    static func labelColumn(for labels: [String]) -> Int {
        2 + min(labels.map(\.count).filter { $0 <= widestInlineLabel }.max() ?? widestInlineLabel, widestInlineLabel)
            + 2
    }

    /// Rows of `label  text`, the texts wrapped and aligned at `column`.
    static func table(_ rows: [(label: String, text: String)], column: Int) -> String {
        rows.map { row in
            let lines = wrap(row.text, width: width - column)
            let indent = String(repeating: " ", count: column)
            let head = "  " + row.label
            var out: [String]
            if head.count + 2 <= column {
                out = [head + String(repeating: " ", count: column - head.count) + (lines.first ?? "")]
                out += lines.dropFirst().map { indent + $0 }
            } else {
                out = [head] + lines.map { indent + $0 }
            }
            return out.map(trailingSpacesRemoved).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `text`'s words in lines of at most `width` characters (a longer word stays whole); explicit line breaks
    /// are kept.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` without leading and trailing blank lines, and without spaces at the ends of its lines.
    static func trimmed(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            trailingSpacesRemoved(String($0))
        }
        let content = lines.drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed()
        return content.joined(separator: "\n")
    }

    static func trailingSpacesRemoved(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line.removeLast() }
        return String(line)
    }
}
