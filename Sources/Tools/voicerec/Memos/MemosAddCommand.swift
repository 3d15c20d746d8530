import ArgumentParsing
import Foundation
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg

/// `voicerec memos add FILE`: an audio file imported as a memo.
enum MemosAddCommand {
    struct Arguments: LibraryArguments, VerboseArguments, Sendable {
        var path = ""
        var format = TakeFormat.default
        var dataDirectory: String?
        var verbose = false
    }

    static let command = Command(
        "voicerec memos add",
        abstract: "import an audio file as a new memo",
        discussion: """
            Imports FILE as a new, untitled memo and prints its JSON object. FILE itself is left as it is: an AAC .m4a is
            copied into the library as it is, any other audio (WAV, MP3, Ogg, …) is encoded to AAC .m4a (24 kHz, mono)
            as a recording is; with --format opus, an Ogg Opus file is copied as it is and any other is encoded to Ogg
            Opus (.ogg). The duration and the waveform come from decoding the copy; the memo is
            dated when the audio was recorded, as far as the file says (its modification time less its duration).
            """,
        defaults: Arguments(),
        options: [
            .value(
                "--format", \.format, .choice(of: TakeFormat.self),
                help: "the memo's file: aac, an AAC-LC .m4a; opus, an Ogg Opus .ogg (SPEC G)"),
            .dataDirectory, .verbose,
        ],
        arguments: [.required("FILE", \.path, .path("FILE"), help: "the audio file to import")],
        footer: """
            Exit status: 0 when imported, 1 when FILE is not audio (or holds none) or the library can't be opened or
            written, 2 for bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("add", arguments) { library, _ in
                let memo = try AudioImport.importFile(
                    URL(fileURLWithPath: arguments.path), into: library, format: arguments.format)
                MemosLibraryAccess.print(memo, of: library)
                return ExitStatus.success
            }
        }
    }
}
