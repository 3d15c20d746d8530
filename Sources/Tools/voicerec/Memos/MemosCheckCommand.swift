import ArgumentParsing
import Foundation
import VoiceMemosLibrary
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderJSON

/// `voicerec memos check [--repair]`: the library's start-up check, reported.
enum MemosCheckCommand {
    struct Arguments: LibraryArguments, Sendable {
        var repair = false
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos check",
        abstract: "report what the library's start-up check finds (missing files, files to adopt); --repair repairs",
        discussion: """
            Runs the library's start-up check and prints one JSON object:
            {"repaired","deferred","missing","pending","leftAlone","recovered","adopted"}
              missing     ids of memos whose audio file is gone (they stay, shown as missing)
              pending     files that would become recovered memos: audio files without a row, takes a crash cut short
              leftAlone   files that can't be read as audio: never adopted, never deleted
              recovered   with --repair: ids of the memos made from takes a crash cut short
              adopted     with --repair: ids of the memos made from audio files without a row
            Without --repair nothing is changed (every other memos command repairs first, as the app does when it
            opens). With it, the repairs are made as at start-up; when another program (the app) has the library open
            they are put off ("deferred": true, the files stay pending) so nothing is moved under its feet.
            """,
        defaults: Arguments(),
        options: [
            .flag("--repair", \.repair, help: "adopt what can be adopted, as opening the library does"),
            .dataDirectory,
        ],
        footer: "Exit status: 0 when checked (whatever was found), 1 when the library can't be opened, 2 for bad usage."
    )

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            // Not `open()`: that repairs. The check alone connects, and repairs only when asked.
            let library = SQLiteMemoLibrary(root: arguments.libraryRoot)
            defer { try? library.close() }
            do {
                let check = try library.check(repair: arguments.repair)
                Output.line(report(check, repaired: arguments.repair).text)
                return ExitStatus.success
            } catch {
                Output.failure("memos check", error)
                return ExitStatus.failure
            }
        }
    }

    /// The check as JSON. Among the files not moved (without `--repair`, or put off), the ones that would be left
    /// alone are told apart from the pending ones by whether they read as audio: the library's rule for adopting a
    /// file is that it decodes.
    static func report(_ check: LibraryCheck, repaired: Bool) -> JSONValue {
        let unreadable = check.pending.filter { (try? AudioFiles.info(of: $0)) == nil }
        let pending = check.pending.filter { !unreadable.contains($0) }
        let leftAlone = check.leftAlone + unreadable
        return [
            "repaired": .bool(repaired && !check.deferred),
            "deferred": .bool(check.deferred),
            "missing": MemoJSON.ids(check.missing),
            "pending": MemoJSON.paths(pending),
            "leftAlone": MemoJSON.paths(leftAlone),
            "recovered": MemoJSON.ids(check.recoveredTakes),
            "adopted": MemoJSON.ids(check.adoptedFiles),
        ]
    }
}
