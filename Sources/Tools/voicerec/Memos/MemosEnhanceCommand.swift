import ArgumentParsing
import Foundation

/// `voicerec memos enhance ID [--off]`: a memo's Enhance switch (SPEC I.3).
enum MemosEnhanceCommand {
    struct Arguments: LibraryArguments, Sendable {
        var id = ""
        var off = false
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos enhance",
        abstract: "switch a memo's Enhance on (or off): noise suppressed and level evened when it plays and exports",
        discussion: """
            Enhance changes how the memo sounds when it is played (here, in 'play', and in the app) and exported, never
            its audio file: switching it off gives the recording back as it was. Prints the memo's JSON object.
            """,
        defaults: Arguments(),
        options: [.flag("--off", \.off, help: "switch it off"), .dataDirectory],
        arguments: [.required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it")],
        footer: """
            Exit status: 0 when switched, 1 for an unknown ID or a library that can't be opened or written, 2 for bad
            usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("enhance", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                try library.setEnhanced(!arguments.off, of: memo.id)
                guard let switched = try library.memo(memo.id) else { throw MemosCommandError.noMemo(arguments.id) }
                MemosLibraryAccess.print(switched, of: library)
                return ExitStatus.success
            }
        }
    }
}
