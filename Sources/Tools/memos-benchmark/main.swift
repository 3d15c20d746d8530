import Foundation
import Synchronization
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderSQLite

// memos-benchmark: how the memos library's costs grow from 1,000 to 10,000 memos, and the memos model's search as
// you type over the list it opened. Not a test: it prints a table.
// Run it in release: `swift run -c release memos-benchmark [--runs N] [--keep]`.
// `memos-benchmark --build-library N DIR [--transcribed]` only builds such a library of N memos in DIR (for the
// window's benchmark, scripts/memos-window-benchmark.py; with --transcribed each memo has a transcript) and exits.
//
// Each library is built in a temporary directory: real rows (titles, dates, a full 160-value waveform each) and a
// file per memo (hard links to one real 1 s take, so the start-up check sees every file), and a transcript per memo
// as long as it is (made-up words with their times, stored and indexed as the engine's are). Every figure is the
// median of N runs (default 15), each on a fresh library object as at a new start; the operating system's file
// cache is warm, as it is when an app is reopened.

let arguments = CommandLine.arguments.dropFirst()
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 15
let keepFiles = arguments.contains("--keep")
let sizes = [1_000, 10_000]

/// A deterministic generator, so both sizes hold the same kind of titles on every run.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

let words = [
    "Kitchen", "Café", "meeting", "idée", "groceries", "Zoë", "plan", "voice", "note", "Ärger", "standup",
    "song", "lecture", "interview", "dentist", "garden", "Jürgen", "recipe", "call", "weekend", "ÉTÉ",
]

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

/// Times `body` once, in milliseconds.
func time<T>(_ body: () throws -> T) rethrows -> (Double, T) {
    let clock = ContinuousClock()
    var result: T?
    let elapsed = try clock.measure { result = try body() }
    return (milliseconds(elapsed), result!)
}

/// One recorded take: the template every memo's file links to, and the takes kept during the runs.
func recordTake(into directory: URL, seconds: Double = 1) throws -> Recording {
    let writer = try M4ATakeWriter(url: takeFileURL(in: directory))
    let frames = Int(seconds * Double(AudioFormat.sampleRate))
    try writer.append((0 ..< frames).map { Float(0.5 * sin(2 * .pi * 220 * Double($0) / 24_000)) })
    let finished = try writer.finish()
    return Recording(
        url: writer.url, duration: Double(finished) / 24_000,
        samples: try AudioFileReader.waveform(of: writer.url))
}

/// What the memos say: 3,000 made-up words drawn as speech draws words (Zipf's law: the r-th most common is said
/// 1/r as often), with real ones at ranks speech gives them: "the" first, "call" 60th, "dentist" and "appointment"
/// 800th and 801st (each in about 2 % of memos; "dentist" is a title word too, "appointment" is not).
let spokenWords: [String] = {
    var generator = Generator(state: 7)
    let letters = Array("abcdefghijklmnoprstuvwyz")
    var words = (0 ..< 3_000).map { _ in
        String((0 ..< 3 + Int(generator.next() % 6)).map { _ in generator.pick(letters) })
    }
    words[0] = "the"
    words[59] = "call"
    words[799] = "dentist"
    words[800] = "appointment"
    return words
}()

/// Each word's share of speech, added up: a word is drawn by where a uniform number falls.
let cumulativeShares: [Double] = {
    var total = 0.0
    let shares = (1 ... spokenWords.count).map { rank -> Double in
        total += 1 / Double(rank)
        return total
    }
    return shares.map { $0 / total }
}()

/// A word drawn as speech draws them.
func spokenWord(_ generator: inout Generator) -> String {
    let uniform = Double(generator.next() % 1_000_000) / 1_000_000
    var low = 0
    var high = cumulativeShares.count - 1
    while low < high {
        let middle = (low + high) / 2
        if cumulativeShares[middle] < uniform { low = middle + 1 } else { high = middle }
    }
    return spokenWords[low]
}

/// A transcript of `seconds` of speech: about 2.5 words a second, with their times.
func transcript(seconds: Double, generator: inout Generator) -> Transcript {
    let count = max(1, Int(seconds * 2.5))
    return Transcript(
        language: "en",
        words: (0 ..< count).map { index in
            let start = Double(index) * 0.4
            return Transcript.Word(text: spokenWord(&generator), start: start, end: start + 0.35)
        })
}

/// Builds a library of `count` memos in `root`; `transcribed`: each with a transcript as long as it is.
func buildLibrary(count: Int, at root: URL, temporary: URL, transcribed: Bool = true) throws {
    let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
    try library.connect()
    let template = try recordTake(into: temporary)
    var generator = Generator(state: 42)
    let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
    let memos = (0 ..< count).map { index in
        let title = (0 ..< 3).map { _ in generator.pick(words) }.joined(separator: " ")
        return Memo(
            id: UUID(), title: title, date: start.addingTimeInterval(Double(index) * 600),
            duration: 1 + Double(generator.next() % 120),
            samples: (0 ..< 160).map { _ in Double(generator.next() % 1_000) / 1_000 })
    }
    for memo in memos {
        try FileManager.default.linkItem(at: template.url, to: library.fileURL(of: memo.id))
    }
    try library.insertRows(memos)
    if transcribed {
        for memo in memos {
            _ = try library.saveTranscript(
                transcript(seconds: min(memo.duration, 60), generator: &generator), of: memo.id)
        }
    }
    try library.close()
    try FileManager.default.removeItem(at: template.url)
}

/// When each step of a keep ended, to split its time.
final class StepClock: Sendable {
    private struct Marks {
        var marks: [(SaveStep, ContinuousClock.Instant)] = []
        var begin = ContinuousClock.now
    }

    private let state = Mutex(Marks())

    func start() { state.withLock { $0 = Marks() } }
    func mark(_ step: SaveStep) { state.withLock { $0.marks.append((step, .now)) } }

    /// Each step and the milliseconds since the one before.
    func intervals() -> [(SaveStep, Double)] {
        state.withLock { state in
            var previous = state.begin
            return state.marks.map { step, instant in
                defer { previous = instant }
                return (step, milliseconds(instant - previous))
            }
        }
    }
}

/// Every run's figure for each measure, by name.
struct Figures {
    var values: [String: [Double]] = [:]
    mutating func add(_ name: String, _ value: Double) { values[name, default: []].append(value) }
    func median(_ name: String) -> Double {
        let sorted = (values[name] ?? []).sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}

/// The memos model given the whole list, then `text` typed into its search field one character at a time: how long
/// it takes the list, and its slowest keystroke. What it shows at the end must be what the SQL search found.
func modelSearch(_ all: [Memo], typing text: String, finding found: [Memo]) -> (open: Double, keystroke: Double) {
    var machine = MemosMachine()
    let now = MemosTime(uptime: 0, date: Date())
    let (open, _) = time { machine.handle(.libraryOpened(all), at: now) }
    var slowest = 0.0
    for length in 1 ... text.count {
        let (keystroke, _) = time { machine.handle(.searchChanged(String(text.prefix(length))), at: now) }
        slowest = max(slowest, keystroke)
    }
    precondition(machine.state.visibleMemos.map(\.id) == found.map(\.id))
    return (open, slowest)
}

func measure(count: Int) throws -> Figures {
    let scratch = FileManager.default.temporaryDirectory
        .appendingPathComponent("memos-benchmark-\(UUID().uuidString)")
    let root = scratch.appendingPathComponent("voicerecorder")
    let temporary = scratch.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { if !keepFiles { try? FileManager.default.removeItem(at: scratch) } }
    try buildLibrary(count: count, at: root, temporary: temporary)

    var figures = Figures()
    let steps = StepClock()
    for _ in 0 ..< runs {
        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary) { steps.mark($0) }
        let (connect, _) = try time { try library.connect() }
        let (firstScreen, first) = try time { try library.newestMemos(limit: 50) }
        precondition(first.count == 50)
        let (check, report) = try time { try library.check(repair: true) }
        precondition(report.missing.isEmpty && report.adoptedFiles.isEmpty)
        let (list, all) = try time { try library.memos() }
        precondition(all.count >= count)
        let (search, found) = try time { try library.memos(matching: "cafe zoe") }
        let (modelOpen, keystroke) = modelSearch(all, typing: "cafe zoe", finding: found)
        // What was said (SPEC E.4): one word as typed so far, and two words, each a prefix.
        let (spoken, spokenHits) = try time { try library.search("dentist") }
        precondition(spokenHits.contains { $0.snippet != nil && $0.time != nil })
        let (twoWords, _) = try time { try library.search("call dent") }
        let (saidOnly, saidOnlyHits) = try time { try library.search("appointment") }
        figures.add("saidOnlySearch", saidOnly)
        figures.add("saidOnlyHits", Double(saidOnlyHits.count))
        let (common, commonHits) = try time { try library.search("the") }
        figures.add("spokenSearch", spoken)
        figures.add("spokenHits", Double(spokenHits.count))
        figures.add("twoWordSearch", twoWords)
        figures.add("commonSearch", common)
        figures.add("commonHits", Double(commonHits.count))

        // The first write after opening also pays SQLite's one synchronization of its log's header (the log is
        // reset when the last connection closes): measured on its own, then a keep as every later one costs.
        let firstTake = try recordTake(into: library.takesDirectory, seconds: 0.5)
        let (firstKeep, firstKept) = try time {
            try library.keep(firstTake, id: UUID(), date: Date(), title: "", isRecovered: false)
        }
        let take = try recordTake(into: library.takesDirectory, seconds: 0.5)
        steps.start()
        let (keep, kept) = try time {
            try library.keep(take, id: UUID(), date: Date(), title: "", isRecovered: false)
        }
        for (step, elapsed) in steps.intervals() { figures.add("keep." + step.rawValue, elapsed) }
        let (rename, _) = try time { try library.rename(kept.id, to: "Renamed \(kept.id)") }
        try library.deleteForever(kept.id)
        try library.deleteForever(firstKept.id)
        try library.close()

        let fresh = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
        let (open, opened) = try time { try fresh.open() }
        precondition(opened.count == count)
        try fresh.close()

        let inspection = try Connection(path: root.appendingPathComponent("memos.sqlite").path, mode: .readOnly)
        // As the library checks: the list's tables before the first screen, the rest in the start-up check.
        let (quickCheck, _) = try time {
            for table in ["memos", "counters"] { _ = try inspection.query("PRAGMA quick_check(\(table))") { _ in () } }
        }
        let (wholeCheck, _) = try time { try inspection.query("PRAGMA quick_check") { $0.string(at: 0) } }
        try inspection.close()

        figures.add("quickCheck", quickCheck)
        figures.add("wholeCheck", wholeCheck)
        figures.add("connect", connect)
        figures.add("first", firstScreen)
        figures.add("openFirst", connect + firstScreen)
        figures.add("check", check)
        figures.add("list", list)
        figures.add("open", open)
        figures.add("search", search)
        figures.add("modelOpen", modelOpen)
        figures.add("keystroke", keystroke)
        figures.add("firstKeep", firstKeep)
        figures.add("keep", keep)
        figures.add("rename", rename)
    }
    let database = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("memos.sqlite").path)
    figures.add("databaseMB", Double((database[.size] as? NSNumber)?.intValue ?? 0) / 1_048_576)
    return figures
}

let rows: [(key: String, label: String, goal: Double?)] = [
    ("openFirst", "open + first screen (50 rows), ms", 20),
    ("connect", "  of which: open (checks, WAL, migrations), ms", nil),
    ("quickCheck", "    of which: SQLite's quick_check of the list's tables, ms", nil),
    ("wholeCheck", "  (quick_check of the whole file, in the start-up check for the rest), ms", nil),
    ("first", "  of which: first 50 rows, ms", nil),
    ("check", "start-up check (takes, orphans, missing), ms", 100),
    ("list", "full list, ms", nil),
    ("open", "open() as the app calls it (all of the above), ms", nil),
    ("search", "title search in SQL (folded title), ms", 20),
    ("saidOnlySearch", "search of titles and transcripts, \"appointment\" (said, in no title), ms", 20),
    ("saidOnlyHits", "  memos it finds", nil),
    ("spokenSearch", "search of titles and transcripts, \"dentist\" (said, and in 14 % of titles), ms", 20),
    ("spokenHits", "  memos it finds", nil),
    ("twoWordSearch", "search of titles and transcripts, \"call dent\", ms", 20),
    ("commonSearch", "search of titles and transcripts, \"the\" (said in every memo), ms", 20),
    ("commonHits", "  memos it lists (the best 200 of what was said)", nil),
    ("modelOpen", "the model takes the opened list (`libraryOpened`), ms", nil),
    ("keystroke", "the model's search as you type: its slowest keystroke of \"cafe zoe\", ms", 20),
    ("firstKeep", "first write after opening: keep a take, ms", nil),
    ("keep", "one insert: keep a take, ms", 2),
    ("keep.takeSynced", "  1. check the id is free, fsync the take, ms", nil),
    ("keep.fileMoved", "  2. rename into memos/, ms", nil),
    ("keep.directorySynced", "  3. fsync both directories, ms", nil),
    ("keep.rowWritten", "  4. BEGIN IMMEDIATE + INSERT, ms", nil),
    ("keep.committed", "     COMMIT, ms", nil),
    ("rename", "one rename (commit), ms", 2),
    ("databaseMB", "database size, MB", nil),
]

if let index = arguments.firstIndex(of: "--build-library") {
    let given = Array(arguments[index...].dropFirst())
    let transcribed = given.contains("--transcribed")
    let rest = given.filter { $0 != "--transcribed" }
    guard rest.count == 2, let count = Int(rest[0]), count > 0 else {
        FileHandle.standardError.write(Data("memos-benchmark: --build-library takes a count and a directory\n".utf8))
        exit(2)
    }
    let root = URL(fileURLWithPath: rest[1])
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("memos-build-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    try buildLibrary(count: count, at: root, temporary: temporary, transcribed: transcribed)
    try? FileManager.default.removeItem(at: temporary)
    exit(0)
}

var results: [Int: Figures] = [:]
for size in sizes {
    FileHandle.standardError.write(Data("building and measuring \(size) memos…\n".utf8))
    results[size] = try measure(count: size)
}

func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

print("| measure | 1,000 memos | 10,000 memos | growth × | goal at 10,000 |")
print("|---|---:|---:|---:|---|")
for row in rows {
    let small = results[1_000]!.median(row.key)
    let large = results[10_000]!.median(row.key)
    let goal = row.goal.map { "≤ \(Int($0)) ms: " + (large <= $0 ? "met" : "**missed**") } ?? ""
    print("| \(row.label) | \(format(small)) | \(format(large)) | \(String(format: "%.1f", large / small)) | \(goal) |")
}
print("\nMedians of \(runs) runs each, release build, warm file cache.")
