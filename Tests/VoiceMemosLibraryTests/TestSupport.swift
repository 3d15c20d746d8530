import Foundation
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderSQLite

/// A fresh, empty directory for one test, removed with everything in it when the test ends.
final class ScratchDirectory: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicerecorder-library-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit {
        // A test may have made a directory unwritable: give it back first, so it can be removed.
        if let enumerator = FileManager.default.enumerator(atPath: url.path) {
            for case let path as String in enumerator {
                chmod(url.appendingPathComponent(path).path, 0o700)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// A path in the directory (not created).
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// A new subdirectory.
    func directory(_ name: String) throws -> URL {
        let made = file(name)
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        return made
    }
}

/// A library with its data directory and its own temporary directory in `scratch`, so it never looks at the
/// machine's real temporary directory.
func makeLibrary(in scratch: ScratchDirectory, root: String = "library") throws -> SQLiteMemoLibrary {
    SQLiteMemoLibrary(root: scratch.file(root), temporaryDirectory: try scratch.directory("tmp"))
}

/// Real takes, as the recorder writes them.
enum Takes {
    /// A voice-like signal: a 220 Hz tone whose loudness swells and falls.
    static func signal(frames: Int, offset: Int = 0) -> [Float] {
        (0 ..< frames).map { index in
            let time = Double(offset + index) / 24_000
            return Float(0.6 * (0.5 + 0.5 * sin(2 * .pi * 1.5 * time)) * sin(2 * .pi * 220 * time))
        }
    }

    /// Records `seconds` into a new `voice-<UUID>.m4a` in `directory` and finishes it.
    static func recording(seconds: Double, in directory: URL) throws -> Recording {
        let writer = try M4ATakeWriter(url: takeFileURL(in: directory))
        try feed(writer, frames: Int(seconds * 24_000))
        let frames = try writer.finish()
        return Recording(
            url: writer.url, duration: Double(frames) / 24_000,
            samples: try AudioFileReader.waveform(of: writer.url))
    }

    /// Writes `seconds` into a new take and leaves it unfinished (fragmented), as a killed recorder does; the
    /// writer is abandoned, so no lock is held on it.
    static func unfinished(seconds: Double, in directory: URL) throws -> URL {
        let url = takeFileURL(in: directory)
        let writing = try M4ATakeWriter(url: directory.appendingPathComponent("writing-\(UUID().uuidString).m4a"))
        try feed(writing, frames: Int(seconds * 24_000))
        let bytes = try Data(contentsOf: writing.url)
        writing.discard()
        try bytes.write(to: url)
        return url
    }

    private static func feed(_ writer: M4ATakeWriter, frames: Int) throws {
        var written = 0
        while written < frames {
            let count = min(2_400, frames - written)
            try writer.append(signal(frames: count, offset: written))
            written += count
        }
    }

    /// Frames a file decodes to (throws when it can't be decoded).
    static func decodedFrames(_ url: URL) throws -> Int {
        try AudioFileReader.decode(url) { _ in }.frames
    }
}

/// The permission bits of a file or directory.
func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// The names in a directory, sorted (empty when it does not exist).
func names(in url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// What a file is, byte for byte, with its size and modification time: equal before and after means untouched.
struct Fingerprint: Equatable {
    let bytes: Data
    let modified: Date?

    init(_ url: URL) throws {
        bytes = try Data(contentsOf: url)
        modified = (try FileManager.default.attributesOfItem(atPath: url.path))[.modificationDate] as? Date
    }
}

/// `PRAGMA integrity_check` of a database, read through its own read-only connection.
func integrityCheck(_ database: URL) throws -> [String] {
    let connection = try Connection(path: database.path, mode: .readOnly)
    return try connection.query("PRAGMA integrity_check") { $0.string(at: 0) }
}
