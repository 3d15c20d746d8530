import ArgumentParsing
import Foundation
import VoiceMemos
import VoiceMemosLibrary
import VoiceMemosSpeech
import VoiceRecorderJSON

/// `voicerec memos transcript ID`: one memo's transcript as JSON (SPEC E.5).
enum MemosTranscriptCommand {
    static let command = Command(
        "voicerec memos transcript",
        abstract: "print a memo's transcript: its words with their times",
        discussion: """
            Prints one JSON object: {"id","state","language","duration","text","words":[{"text","start","end"}]},
            with "reason" too when the state is failed. The state is pending (not transcribed yet), done, none (no
            speech was recognised) or failed; times are seconds from the memo's start. A memo without a transcript
            has an empty language, text and words. Transcripts are made by the app in the background, or by
            'voicerec memos transcribe --wait'.
            """,
        defaults: MemoIDArguments(),
        options: [.dataDirectory],
        arguments: [.memoID],
        footer: "Exit status: 0 when printed, 1 for an unknown ID or a library that can't be opened, 2 for bad usage.")

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("transcript", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                let transcript = try library.transcript(of: memo.id)
                Output.line(MemoJSON.transcript(memo, state: memo.transcript.state, transcript).text)
                return ExitStatus.success
            }
        }
    }
}

/// `voicerec memos search QUERY`: titles and transcripts, as the app's search (SPEC E.4, E.5).
enum MemosSearchCommand {
    struct Arguments: LibraryArguments, Sendable {
        var query = ""
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos search",
        abstract: "find memos by their titles and by what was said in them",
        discussion: """
            Prints one JSON object per memo found, best first: {"id","title","snippet","time"}. The title is the one
            the app shows (an untitled memo's placeholder); snippet is a few words of the transcript around the match
            (null when only the title matched) and time the seconds into the memo of the first matching word (null
            likewise). Case and accents are ignored and each word matches as a prefix ("dent" finds "dentist"); a
            memo must hold every word of QUERY in its title or transcript. Memos whose title holds QUERY come first,
            then the rest by relevance, then newest. QUERY is text, never syntax: quotes and operators are searched
            for or ignored. Recently Deleted is not searched.
            """,
        defaults: Arguments(),
        options: [.dataDirectory],
        arguments: [.required("QUERY", \.query, .text("QUERY"), help: "the words to look for")],
        footer: """
            Exit status: 0 when searched (nothing found prints nothing), 1 when the library can't be opened, 2 for bad
            usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("search", arguments) { library, _ in
                for hit in try library.search(arguments.query) {
                    Output.line(
                        JSONValue.object([
                            ("id", .string(hit.id.uuidString)),
                            ("title", .string(hit.title)),
                            ("snippet", hit.snippet.map { .string($0.text) } ?? .null),
                            ("time", hit.time.map { .number($0) } ?? .null),
                        ]).text)
                }
                return ExitStatus.success
            }
        }
    }
}

/// `voicerec memos transcribe [ID…] [--all] [--wait]`: queue memos for transcription, or do it now (SPEC E.5).
enum MemosTranscribeCommand {
    struct Arguments: LibraryArguments, Sendable {
        var ids: [String] = []
        var all = false
        var wait = false
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos transcribe",
        abstract: "queue memos for transcription, or with --wait transcribe them now",
        discussion: """
            Without --wait, the memos are queued: each is made pending again (an earlier transcript or failure
            forgotten), and the app transcribes them in the background; prints {"id","state"} for each. With --wait,
            the speech engine transcribes them here, one after another, each stored as it ends and printed as
            'voicerec memos transcript' prints it. IDs name memos in the list (whatever their state); --all adds
            every memo in the list still without a transcript (pending, or failed fewer than three times).
            The engine is installed by scripts/install-speech-engine.sh.
            """,
        defaults: Arguments(),
        options: [
            .flag("--all", \.all, help: "every memo in the list without a transcript"),
            .flag("--wait", \.wait, help: "transcribe now and wait for each"),
            .dataDirectory,
        ],
        arguments: [.repeated("ID", \.ids, .text("ID"), help: "a memo's id, as 'list' prints it")],
        footer: """
            Exit status: 0 when queued or transcribed (no speech counts), 1 for an unknown ID, a memo in Recently
            Deleted, a memo that failed, no engine installed, or a library that can't be opened, 2 for bad usage.
            """,
        check: { arguments throws(UsageError) in
            if arguments.ids.isEmpty && !arguments.all { throw UsageError("give memo IDs, or --all") }
        })

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("transcribe", arguments) { library, all in
                let memos = try chosen(arguments, in: library, all: all)
                guard arguments.wait else {
                    for memo in memos {
                        try library.forgetTranscript(of: memo.id)
                        Output.line(
                            JSONValue.object([
                                ("id", .string(memo.id.uuidString)), ("state", .string(TranscriptState.pending.name)),
                            ]).text)
                    }
                    return ExitStatus.success
                }
                return try transcribe(memos, in: library)
            }
        }
    }

    /// The memos `arguments` name, in the order named, then those `--all` adds (newest first), each once.
    private static func chosen(_ arguments: Arguments, in library: SQLiteMemoLibrary, all: [Memo]) throws -> [Memo] {
        var memos: [Memo] = []
        for typed in arguments.ids {
            let memo = try MemosLibraryAccess.memo(typed, in: library)
            guard !memo.isDeleted else { throw MemosCommandError.deleted(memo.id) }
            if !memos.contains(where: { $0.id == memo.id }) { memos.append(memo) }
        }
        if arguments.all {
            for memo in all where !memo.isDeleted && memo.transcript.wantsTranscribing {
                if !memos.contains(where: { $0.id == memo.id }) { memos.append(memo) }
            }
        }
        return memos
    }

    /// Transcribes `memos` one after another with the speech engine, storing and printing each.
    private static func transcribe(_ memos: [Memo], in library: SQLiteMemoLibrary) throws -> Int32 {
        let transcriber = EngineTranscriber()
        var status = ExitStatus.success
        for memo in memos {
            let report = waitForEnd(transcriber, library.fileURL(of: memo.id))
            switch report {
            case .done(let transcript):
                let summary = try library.saveTranscript(transcript, of: memo.id)
                Output.line(
                    MemoJSON.transcript(memo, state: summary.state, try library.transcript(of: memo.id)).text)
            case .failed(let reason):
                let summary = try library.saveTranscriptFailure(reason, of: memo.id)
                Output.line(MemoJSON.transcript(memo, state: summary.state, nil).text)
                Output.error(
                    "voicerec memos transcribe: memo \(memo.id.uuidString) could not be transcribed: \(reason)")
                status = ExitStatus.failure
            case .unavailable(let reason):
                // Nothing can be transcribed on this machine: every memo stays as it was.
                Output.error("voicerec memos transcribe: \(reason)")
                return ExitStatus.failure
            case .progress:
                continue  // never an end: waitForEnd returns only ends
            }
        }
        return status
    }

    /// Runs one job and waits for its end (progress is not shown).
    private static func waitForEnd(_ transcriber: EngineTranscriber, _ url: URL) -> TranscriptionReport {
        let ended = DispatchSemaphore(value: 0)
        let box = ReportBox()
        _ = transcriber.transcribe(url) { report in
            if case .progress = report { return }
            box.report = report
            ended.signal()
        }
        ended.wait()
        return box.report ?? .failed("the speech engine gave no answer")
    }

    /// `@unchecked Sendable`: `report` is written before `ended.signal()` and read only after `ended.wait()`
    private final class ReportBox: @unchecked Sendable {
        var report: TranscriptionReport?
    }
}
