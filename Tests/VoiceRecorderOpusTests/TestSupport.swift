import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderOpus

/// The Ogg Opus adapter's tests: real files, real libopus, checked by programs no one here wrote.
@Suite(.serialized) struct OpusAdapterTests {}

/// Test signals and the programs that judge the files.
enum OpusFixtures {
    /// Appends `frames` of tone to `writer` in buffers of uneven sizes, the way a capture delivers them.
    static func feed(_ writer: OggOpusTakeWriter, frames: Int, amplitude: Float = 0.5, offset: Int = 0) throws {
        let sizes = [480, 1_000, 333, 2_048, 17, 1_200]
        var written = 0
        var turn = 0
        while written < frames {
            let count = min(sizes[turn % sizes.count], frames - written)
            try writer.append(Tone.samples(frames: count, amplitude: amplitude, offset: offset + written))
            written += count
            turn += 1
        }
    }

    /// A finished take of `frames` frames of tone in `directory`.
    static func take(frames: Int, in directory: ScratchDirectory, name: String = "voice-take.ogg") throws -> URL {
        let writer = try OggOpusTakeWriter(url: directory.file(name))
        try feed(writer, frames: frames)
        _ = try writer.finish()
        return writer.url
    }

    /// What `opusinfo` (opus-tools) says of a file: its output, and whether it found anything to warn about.
    static func opusinfo(_ url: URL) throws -> (output: String, warns: Bool) {
        let result = try ChildProcess.run("/usr/bin/opusinfo", [url.path], timeout: 30)
        let output = result.stdout + result.stderr
        return (output, result.status != 0 || output.contains("WARNING") || output.contains("ERROR"))
    }

    /// `ffprobe`'s duration of the file's audio stream, in seconds.
    static func ffprobeDuration(_ url: URL) throws -> Double? {
        let output = try ChildProcess.output(
            of: "/usr/bin/ffprobe",
            ["-v", "error", "-show_entries", "stream=duration", "-of", "default=noprint_wrappers=1:nokey=1", url.path])
        return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether GStreamer's Ogg demuxer and Opus decoder play the file through to its end without an error.
    static func gstreamerDecodes(_ url: URL) throws -> (ok: Bool, output: String) {
        let result = try ChildProcess.run(
            "/usr/bin/gst-launch-1.0",
            ["-q", "filesrc", "location=\(url.path)", "!", "oggdemux", "!", "opusdec", "!", "fakesink"], timeout: 30)
        return (result.status == 0 && !result.stderr.contains("ERROR"), result.stdout + result.stderr)
    }

    /// The file's audio decoded by FFmpeg's own command (mono float at 24 kHz): a decoder no one here wrote.
    static func ffmpegDecoded(_ url: URL) throws -> [Float] {
        let directory = try ScratchDirectory()
        let raw = directory.file("decoded.f32")
        _ = try ChildProcess.output(
            of: "/usr/bin/ffmpeg",
            ["-nostdin", "-v", "error", "-i", url.path, "-f", "f32le", "-ac", "1", "-ar", "24000", raw.path])
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
