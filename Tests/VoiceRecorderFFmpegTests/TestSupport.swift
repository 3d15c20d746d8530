import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

/// Every test of this target touches real files and, once, the process's file-size limit: run them one at a time.
@Suite(.serialized) struct FFmpegAdapterTests {}

/// Test signals.
enum Signal {
    /// Appends `frames` of tone to `writer` in buffers of uneven sizes, the way a capture delivers them.
    static func feed(_ writer: M4ATakeWriter, frames: Int, amplitude: Float = 0.5) throws {
        let sizes = [480, 1_000, 333, 2_048, 17, 1_200]
        var written = 0
        var turn = 0
        while written < frames {
            let count = min(sizes[turn % sizes.count], frames - written)
            try writer.append(Tone.samples(frames: count, amplitude: amplitude, offset: written))
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
