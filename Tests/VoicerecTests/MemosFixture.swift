import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderTestSupport

/// A scratch library for `voicerec memos`: its data directory in a fresh scratch directory (which is also the
/// processes' temporary directory), and the built `voicerec memos` run on it as a person or a script would.
final class MemosFixture {
    let scratch: ScratchDirectory
    /// The library's data directory (`--data-dir`); made by the first command.
    let dataDirectory: URL

    init() throws {
        scratch = try ScratchDirectory()
        dataDirectory = scratch.file("data")
    }

    /// The database file.
    var database: URL { dataDirectory.appendingPathComponent("memos.sqlite") }
    /// Where the memos' files are.
    var memosDirectory: URL { dataDirectory.appendingPathComponent("memos") }
    /// Where takes are recorded.
    var takesDirectory: URL { dataDirectory.appendingPathComponent("takes") }

    /// `voicerec memos --data-dir <data> <arguments>`, run to the end. (The data directory goes first, so arguments
    /// may end with `-- TEXT`.)
    func run(
        _ arguments: [String], input: String = "", environment: ChildProcess.Environment = .inherited,
        timeout: Double = 60
    ) throws -> ChildProcess.Outcome {
        try Voicerec.run(
            ["memos", "--data-dir", dataDirectory.path] + arguments,
            temporaryDirectory: scratch.url, environment: environment, input: input,
            timeout: timeout)
    }

    /// `voicerec memos --data-dir <data> <arguments>`, started.
    func start(_ arguments: [String], environment: ChildProcess.Environment = .inherited) throws -> ChildProcess {
        try Voicerec.start(
            ["memos", "--data-dir", dataDirectory.path] + arguments, temporaryDirectory: scratch.url,
            environment: environment)
    }

    /// Runs a command expected to succeed, and returns its JSON lines.
    func lines(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let result = try run(arguments)
        #expect(
            result.status == 0, "memos \(arguments.joined(separator: " ")): \(result.stderr)",
            sourceLocation: sourceLocation)
        return jsonLines(result.stdout)
    }

    /// Runs a command expected to print one JSON object.
    func object(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let lines = try lines(arguments, sourceLocation: sourceLocation)
        #expect(
            lines.count == 1, "memos \(arguments.joined(separator: " ")) prints one object",
            sourceLocation: sourceLocation)
        return try #require(lines.first, sourceLocation: sourceLocation)
    }

    /// Records a memo of exactly `seconds` of the simulated voice; returns its printed object.
    func recordMemo(seconds: Double = 1) throws -> [String: Any] {
        try object(["record", "--simulated", "--duration", "\(seconds)"])
    }

    /// The ids `memos list <options>` prints, in order.
    func listedIDs(_ options: [String] = []) throws -> [String] {
        try lines(["list"] + options).compactMap { $0["id"] as? String }
    }

    /// The library itself, opened in this (the test's) process through its API, for what a test must set up that
    /// no command does (a memo deleted 31 days ago), then closed.
    func withLibrary<T>(_ body: (SQLiteMemoLibrary) throws -> T) throws -> T {
        let library = SQLiteMemoLibrary(root: dataDirectory, temporaryDirectory: scratch.url)
        _ = try library.open()
        defer { try? library.close() }
        return try body(library)
    }
}

/// Every JSON object line of a command's output.
func jsonLines(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").compactMap {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
}

/// The keys of a JSON object line, in the order printed (JSONSerialization forgets the order).
func keyOrder(of line: Substring) -> [String] {
    var keys: [String] = []
    var depth = 0
    var index = line.startIndex
    var inString = false
    var stringStart = index
    var expectingKey = false
    while index < line.endIndex {
        let character = line[index]
        if inString {
            if character == "\\" {
                index = line.index(after: index)
            } else if character == "\"" {
                inString = false
                if expectingKey && depth == 1 { keys.append(String(line[line.index(after: stringStart) ..< index])) }
                expectingKey = false
            }
        } else {
            switch character {
            case "\"":
                inString = true
                stringStart = index
            case "{":
                depth += 1
                expectingKey = depth == 1
            case "}": depth -= 1
            case "[": depth += 1
            case "]": depth -= 1
            case ",": expectingKey = depth == 1
            default: break
            }
        }
        index = line.index(after: index)
    }
    return keys
}

/// An ISO 8601 date as `memos` prints them.
func isoDate(_ value: Any?) -> Date? {
    guard let text = value as? String else { return nil }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
}

/// What a file is, byte for byte, with its modification time: equal before and after means untouched.
struct FileFingerprint: Equatable {
    let bytes: Data
    let modified: Date?

    init(_ url: URL) throws {
        bytes = try Data(contentsOf: url)
        modified = (try FileManager.default.attributesOfItem(atPath: url.path))[.modificationDate] as? Date
    }
}

/// The names in a directory, sorted (empty when it does not exist).
func names(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
