import ArgumentParsing
import Foundation
import VoiceMemosLibrary
import VoiceRecorderAudioProcessing
import VoiceRecorderJSON

/// `voicerec memos export ID PATH [--enhance]`: a memo's audio as it is heard, to a new file.
enum MemosExportCommand {
    struct Arguments: LibraryArguments, Sendable {
        var id = ""
        var path = ""
        var enhance = false
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos export",
        abstract: "write a memo's audio (.m4a, or .ogg for a memo in Opus) to a new file, as it is heard",
        discussion: """
            Writes the memo's audio to PATH, which must not exist yet (an existing file is never overwritten), and
            prints {"id","exported","enhanced"}: the memo's id, the new file's absolute path and whether it was
            enhanced. A memo whose Enhance is on (SPEC I.3), or any memo with --enhance, is written enhanced: noise
            suppressed and level evened, in the memo's own format, the same length to the frame. Otherwise the file
            is an exact copy. The memo is not changed.
            """,
        defaults: Arguments(),
        options: [
            .flag("--enhance", \.enhance, help: "enhance it even when the memo's Enhance is off"),
            .dataDirectory,
        ],
        arguments: [
            .required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it"),
            .required("PATH", \.path, .path(), help: "the new file"),
        ],
        footer: """
            Exit status: 0 when written, 1 for an unknown ID, a missing or unreadable file, a PATH that exists or can't
            be written, or a library that can't be opened, 2 for bad usage.
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
                let enhanced = arguments.enhance || memo.isEnhanced
                if enhanced {
                    _ = try EnhancedCopy.write(file, to: destination) { try WebRTCSoundEnhancer() }
                } else {
                    try NewFileCopy.copy(file, to: destination)
                }
                Output.line(
                    JSONValue.object([
                        ("id", .string(memo.id.uuidString)), ("exported", .string(destination.path)),
                        ("enhanced", .bool(enhanced)),
                    ]).text)
                return ExitStatus.success
            }
        }
    }
}
