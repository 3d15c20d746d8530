import ArgumentParsing
import Foundation
import VoiceMemosLibrary
import VoiceRecorderJSON

/// `voicerec memos export ID PATH`: a copy of a memo's audio file.
enum MemosExportCommand {
    struct Arguments: LibraryArguments, Sendable {
        var id = ""
        var path = ""
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos export",
        abstract: "copy a memo's audio file (.m4a, or .ogg for a memo in Opus) to a new file",
        discussion: """
            Copies the memo's audio file to PATH, which must not exist yet (an existing file is never overwritten), and
            prints {"id","exported"}: the memo's id and the copy's absolute path. The memo is not changed.
            """,
        defaults: Arguments(),
        options: [.dataDirectory],
        arguments: [
            .required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it"),
            .required("PATH", \.path, .path(), help: "the new file"),
        ],
        footer: """
            Exit status: 0 when copied, 1 for an unknown ID, a missing file, a PATH that exists or can't be written, or a
            library that can't be opened, 2 for bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("export", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                let file = library.fileURL(of: memo.id)
                guard !memo.isMissing, FileManager.default.fileExists(atPath: file.path) else {
                    throw MemosCommandError.fileMissing(memo.id, file)
                }
                let destination = URL(fileURLWithPath: arguments.path)
                try NewFileCopy.copy(file, to: destination)
                Output.line(
                    JSONValue.object([
                        ("id", .string(memo.id.uuidString)), ("exported", .string(destination.path)),
                    ]).text)
                return ExitStatus.success
            }
        }
    }
}
