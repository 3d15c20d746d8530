import ArgumentParsing
import Foundation
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderJSON

/// `voicerec memos record`: one memo recorded hands-free, as `voicerec record` records a take, into the library.
enum MemosRecordCommand {
    struct Arguments: LibraryArguments, VerboseArguments, Sendable, CaptureArguments {
        var simulated = false
        var device: String?
        var duration: Double?
        var format = TakeFormat.default
        var dataDirectory: String?
        var verbose = false
    }

    static let command = Command(
        "voicerec memos record",
        abstract: "record a new memo hands-free from the microphone (or the simulated source)",
        discussion: """
            Records one take into the library, written while recording (a crash loses at most the last half second:
            the next start finds it as a recovered memo), with a live clock and level meter on the terminal. A kept
            take becomes a new, untitled memo dated when the recording started, and its JSON object is printed.

              Enter or Ctrl-C    keep it as a memo
              Escape or Ctrl-\\   discard it: nothing is left behind

            A take that fails midway keeps what it recorded, as a recovered memo. The library is opened (and checked)
            before anything is recorded, so one that can't be opened or written is an error before the take starts.
            """,
        defaults: Arguments(),
        options: [
            .simulated, .device,
            .value(
                "--duration", \.duration, .seconds,
                help: "stop and keep it by itself after exactly S seconds of audio (S × 24,000 frames)"),
            .value(
                "--format", \.format, .choice(of: TakeFormat.self),
                help: "the memo's file: aac, an AAC-LC .m4a; opus, an Ogg Opus .ogg (SPEC G)"),
            .dataDirectory,
            .verbose,
        ],
        footer: """
            Exit status: 0 when a memo was kept, 1 when none was (discarded, too short, failed, or the library can't be
            opened or written), 2 for bad usage.
            """,
        check: { arguments throws(UsageError) in
            if arguments.simulated && arguments.device != nil {
                throw UsageError("--device and --simulated don't go together")
            }
        })

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments, record)
    }

    private static func record(_ arguments: Arguments) -> Int32 {
        ignoreFileSizeLimitSignal()
        // The library first: no take starts without a library to keep it in (SPEC B.8).
        let library = SQLiteMemoLibrary(root: arguments.libraryRoot)
        do {
            _ = try library.open()
        } catch {
            Output.failure("memos record", error)
            return ExitStatus.failure
        }
        let scheduler = DispatchScheduler(queue: .main)
        guard
            let source = RecordingSource.make(
                simulated: arguments.simulated, device: arguments.device, scheduler: scheduler, command: "memos record")
        else {
            try? library.close()
            return ExitStatus.failure
        }
        let delivery = TakeDelivery(
            command: "memos record", sendsFailedTakes: true, close: { try? library.close() },
            deliver: { take in keep(take, in: library) })
        let recorder = TerminalRecorder(
            source: source, writers: TakeWriters(directory: library.takesDirectory), scheduler: scheduler,
            length: TakeLength(duration: arguments.duration), delivery: delivery, format: arguments.format)
        recorder.begin()
        dispatchMain()
    }

    /// The sent take kept as a new memo: recovered when a failure stopped it (SPEC B.2).
    private static func keep(_ take: SentTake, in library: SQLiteMemoLibrary) -> Result<JSONValue, DeliveryFailure> {
        do {
            let memo = try library.keep(
                take.recording, id: UUID(), date: take.startedAt, title: "",
                isRecovered: take.hasFailed)
            return .success(MemoJSON.object(memo, file: library.fileURL(of: memo.id)))
        } catch {
            // Keeping moves the file first and writes the row last: whichever step failed, the audio is in the
            // library's directories, and the next opening adopts it as a recovered memo.
            let words = Output.oneLine(error)
            return .failure(
                DeliveryFailure(
                    words:
                        "\(words); the recording is kept in \(library.layout.root.path) and becomes a recovered memo "
                        + "the next time the library is opened"))
        }
    }
}
