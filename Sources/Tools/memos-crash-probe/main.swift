import Foundation
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderSQLite

#if canImport(Glibc)
    import Glibc
#endif

// memos-crash-probe: a real process for the library's crash tests. It records real takes and keeps them, and
// kills itself with SIGKILL exactly where it is told, so a test can open the library afterwards and check what a
// crash at that instant leaves. One JSON line per event on stdout; errors on stderr, exit 1; bad usage, exit 2.
//
//   keep DIR [TITLE]          records a 1 s take into DIR's takes/ and keeps it. With MEMOS_PROBE_KILL_AFTER set
//                             to a SaveStep (takeSynced, fileMoved, directorySynced, rowWritten, committed) or to
//                             takeFinished (the take is finished, keep not called yet), it dies right after it.
//   record-and-die DIR [--in-temporary]   records 2 s and dies before finishing the take (in takes/, or in the
//                             temporary directory: $TMPDIR).
//   keep-many DIR COUNT       keeps COUNT takes and renames each, to race another process on one library.
//   fill-and-die DIR COUNT    writes COUNT rows in one transaction and dies before its COMMIT.
//   write-loop DIR            renames memos in transactions forever, saying "writing" after the first commit.
//   open DIR                  opens the library and prints how many memos it holds.
//   edit …, edit-loop …       saving edits, killed (EditCommands.swift).

func say(_ fields: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    // FileHandle writes straight to the descriptor: nothing is left in a buffer when the process kills itself.
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

func die(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("memos-crash-probe: \(message)\n".utf8))
    exit(status)
}

func killHere(_ point: String) {
    guard point == ProcessInfo.processInfo.environment["MEMOS_PROBE_KILL_AFTER"] else { return }
    say(["event": "dying", "after": point])
    raise(SIGKILL)
}

/// A library in `directory` that dies after the save step `MEMOS_PROBE_KILL_AFTER` names.
func library(_ directory: String) -> SQLiteMemoLibrary {
    SQLiteMemoLibrary(root: URL(fileURLWithPath: directory)) { step in killHere(step.rawValue) }
}

/// A voice-like test signal: a 220 Hz tone whose loudness swells and falls, `seconds` long.
func signal(seconds: Double, offset: Int = 0) -> [Float] {
    let frames = Int(seconds * Double(AudioFormat.sampleRate))
    return (0 ..< frames).map { index in
        let time = Double(offset + index) / Double(AudioFormat.sampleRate)
        return Float(0.6 * (0.5 + 0.5 * sin(2 * .pi * 1.5 * time)) * sin(2 * .pi * 220 * time))
    }
}

/// Records a real take of `seconds` into `directory`; finished (a Recording) unless `finishing` is false.
func record(seconds: Double, into directory: URL, finishing: Bool = true) throws -> Recording? {
    let writer = try M4ATakeWriter(url: takeFileURL(in: directory))
    let samples = signal(seconds: seconds)
    var start = 0
    while start < samples.count {  // in capture-sized buffers
        let end = min(start + 2_400, samples.count)
        try writer.append(Array(samples[start ..< end]))
        start = end
    }
    say(["event": "recorded", "take": writer.url.path])
    guard finishing else { return nil }
    let frames = try writer.finish()
    return Recording(
        url: writer.url, duration: Double(frames) / Double(AudioFormat.sampleRate),
        samples: try AudioFileReader.waveform(of: writer.url))
}

func keep(_ library: SQLiteMemoLibrary, title: String, seconds: Double = 1) throws -> Memo {
    guard let take = try record(seconds: seconds, into: library.takesDirectory) else { die("no take") }
    let id = UUID()
    say(["event": "keeping", "id": id.uuidString, "take": take.url.path])
    killHere("takeFinished")
    let memo = try library.keep(take, id: id, date: Date(), title: title, isRecovered: false)
    say(["event": "kept", "id": memo.id.uuidString])
    return memo
}

func run(_ arguments: [String]) throws {
    guard arguments.count >= 2 else { die("usage: memos-crash-probe COMMAND DIR …", status: 2) }
    let directory = arguments[1]
    switch arguments[0] {
    case "keep":
        let library = library(directory)
        _ = try library.open()
        _ = try keep(library, title: arguments.count > 2 ? arguments[2] : "")
        try library.close()
    case "record-and-die":
        let library = library(directory)
        _ = try library.open()
        let temporary = arguments.contains("--in-temporary")
        _ = try record(
            seconds: 2, into: temporary ? FileManager.default.temporaryDirectory : library.takesDirectory,
            finishing: false)
        raise(SIGKILL)
    case "keep-many":
        guard arguments.count == 3, let count = Int(arguments[2]) else { die("keep-many DIR COUNT", status: 2) }
        let library = library(directory)
        _ = try library.open()
        for index in 0 ..< count {
            let memo = try keep(library, title: "take \(index)")
            try library.rename(memo.id, to: "renamed \(getpid()) \(index)")
        }
        try library.close()
    case "fill-and-die":
        guard arguments.count == 3, let count = Int(arguments[2]) else { die("fill-and-die DIR COUNT", status: 2) }
        let library = SQLiteMemoLibrary(root: URL(fileURLWithPath: directory)) { step in
            if step == .rowWritten { raise(SIGKILL) }
        }
        _ = try library.open()
        let samples = (0 ..< 160).map { Double($0) / 160 }
        try library.insertRows(
            (0 ..< count).map { index in
                Memo(
                    id: UUID(), title: String(repeating: "filler \(index) ", count: 20), date: Date(), duration: 1,
                    samples: samples)
            })
    case "write-loop":
        let library = library(directory)
        let memos = try library.open()
        guard !memos.isEmpty else { die("write-loop needs a library with memos") }
        var turn = 0
        while true {
            for memo in memos { try library.rename(memo.id, to: "turn \(turn) " + String(repeating: "x", count: 500)) }
            if turn == 0 { say(["event": "writing"]) }
            turn += 1
        }
    case "edit":
        try runEdit(arguments)
    case "edit-loop":
        try runEditLoop(arguments)
    case "open":
        let memos = try library(directory).open()
        say(["event": "opened", "memos": memos.count])
    default:
        die("unknown command \(arguments[0])", status: 2)
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    die("\(error)")
}
