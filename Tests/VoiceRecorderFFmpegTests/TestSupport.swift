import Foundation
import Testing
@testable import VoiceRecorderFFmpeg

/// Every test of this target touches real files and, once, the process's file-size limit: run them one at a time.
@Suite(.serialized) struct FFmpegAdapterTests {}

/// A fresh, empty directory for one test, removed with everything in it when the test ends.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicerecorder-ffmpeg-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The names in the directory, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// A path in the directory.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// Test signals.
enum Signal {
    /// A sine of `frequency` Hz at `amplitude`, `frames` long, starting at frame `offset`.
    static func tone(frames: Int, frequency: Double = 440, amplitude: Float = 0.5, offset: Int = 0) -> [Float] {
        (0 ..< frames).map { amplitude * Float(sin(2 * .pi * frequency * Double(offset + $0) / 24_000)) }
    }

    /// Appends `frames` of tone to `writer` in buffers of uneven sizes, the way a capture delivers them.
    static func feed(_ writer: M4ATakeWriter, frames: Int, amplitude: Float = 0.5) throws {
        let sizes = [480, 1_000, 333, 2_048, 17, 1_200]
        var written = 0
        var turn = 0
        while written < frames {
            let count = min(sizes[turn % sizes.count], frames - written)
            try writer.append(tone(frames: count, amplitude: amplitude, offset: written))
            written += count
            turn += 1
        }
    }
}

/// The permission bits of a file.
func fileMode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Copies a file's bytes as they are on disk now: exactly what a process killed at this moment would leave.
func snapshot(_ source: URL, to destination: URL) throws {
    try Data(contentsOf: source).write(to: destination)
}
