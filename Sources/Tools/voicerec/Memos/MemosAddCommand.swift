import ArgumentParsing
import Foundation
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg

/// `voicerec memos add FILE…`: audio files imported as memos, each on its own (SPEC J.3).
enum MemosAddCommand {
    struct Arguments: LibraryArguments, VerboseArguments, Sendable {
        var paths: [String] = []
        var format = TakeFormat.default
        var dataDirectory: String?
        var verbose = false
    }

    static let command = Command(
        "voicerec memos add",
        abstract: "import audio files as new memos",
        discussion: """
            Imports each FILE as a new, untitled memo and prints its JSON object, one line a memo, in the order
            given; a FILE that can't be imported is one line on standard error naming it, and the others are
            imported all the same. Each FILE itself is left as it is: an AAC .m4a is copied into the library as it
            is, any other audio (WAV, MP3, Ogg, …) is encoded to AAC .m4a (24 kHz, mono) as a recording is; with
            --format opus, an Ogg Opus file is copied as it is and any other is encoded to Ogg Opus (.ogg). The
            duration and the waveform come from decoding the copy; the memo is dated when the audio was recorded,
            as far as the file says (its modification time less its duration).
            """,
        defaults: Arguments(),
        options: [
            .value(
                "--format", \.format, .choice(of: TakeFormat.self),
                help: "the memo's file: aac, an AAC-LC .m4a; opus, an Ogg Opus .ogg (SPEC G)"),
            .dataDirectory, .verbose,
        ],
        arguments: [.repeated("FILE", \.paths, .path("FILE"), help: "the audio files to import")],
        footer: """
            Exit status: 0 when every FILE was imported, 1 when one is not audio (or holds none) or the library
            can't be opened or written, 2 for bad usage.
            """,
        check: { arguments throws(UsageError) in
            if arguments.paths.isEmpty { throw UsageError("missing FILE (the audio files to import)") }
        })

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("add", arguments) { library, _ in
                var status = ExitStatus.success
                for path in arguments.paths {
                    do {
                        let memo = try AudioImport.importFile(
                            URL(fileURLWithPath: path), into: library, format: arguments.format)
                        MemosLibraryAccess.print(memo, of: library)
                    } catch {
                        // One line for this file; the others are imported all the same.
                        Output.failure("memos add", error)
                        status = ExitStatus.failure
                    }
                }
                return status
            }
        }
    }
}
