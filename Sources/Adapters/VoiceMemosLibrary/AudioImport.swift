import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderOpus
import VoiceRecorderPOSIX

/// Brings an audio file into the library as a memo, the way a take comes in: the audio is staged in the library's
/// takes directory, then kept (`keep`: moved to `memos/<id>.m4a`, then its row), so a kill at any instant loses
/// nothing and duplicates nothing, and the original is never touched.
public enum AudioImport {
    /// The staged copy's name ends in the library's mark of an interrupted copy (`.copying`): a kill before it is
    /// kept leaves one, which the next start-up check removes (its original still exists), and which is never
    /// adopted as a memo of half a file.
    public static let stagingSuffix = ".copying"

    /// Imports `source` into `library` as a new memo with `id` (untitled, not recovered), in `format`.
    public static func importFile(
        _ source: URL, into library: MemoLibrary, id: UUID = UUID(), format: TakeFormat = .default
    ) throws -> Memo {
        let info = try AudioFiles.info(of: source)  // throws the file's problem in words, naming it
        let staged = library.takesDirectory.appendingPathComponent(
            takeFileURL(id: id, format: format).lastPathComponent + stagingSuffix)
        var kept = false
        defer { if !kept { _ = try? POSIX.removeFile(ifPresent: staged.path) } }
        // The duration and the waveform come from decoding FILE itself (a copy holds the same audio, an encoding
        // the same frames), so a file that can't be decoded is named as the person typed it.
        var meter = WindowPeakMeter()
        let frames: Int
        if format == .aac ? isAACInMP4(info) : isOggOpus(info) {
            frames = try AudioFiles.decode(source) { meter.append($0) }.frames
            guard frames > 0 else { throw NoAudio(path: source.path) }
            try NewFileCopy.copy(source, to: staged)
        } else {
            frames = try encode(source, to: staged, format: format) { meter.append($0) }
        }
        let duration = Double(frames) / Double(AudioFormat.sampleRate)
        let recordedAt = (try? FileManager.default.attributesOfItem(atPath: source.path)[.modificationDate]) as? Date
        let memo = try library.keep(
            Recording(url: staged, duration: duration, samples: meter.recordingSamples()),
            id: id, date: (recordedAt ?? Date()).addingTimeInterval(-duration), title: "", isRecovered: false)
        kept = true
        return memo
    }

    /// Whether the file is what an Opus memo's file is (Opus in Ogg), so it can be copied as it is.
    private static func isOggOpus(_ info: AudioFileInfo) -> Bool {
        info.codecName == "opus" && info.formatName == "ogg"
    }

    /// Whether the file is what a memo's file is (AAC in an MP4 container), so it can be copied as it is.
    private static func isAACInMP4(_ info: AudioFileInfo) -> Bool {
        info.codecName == "aac" && info.formatName.split(separator: ",").contains("mp4")
    }

    /// Encodes `source` (anything FFmpeg decodes) to a new AAC `.m4a` at `destination`, as a take is written,
    /// handing each decoded chunk to `observe` too; returns the frames written. Nothing is left at `destination`
    /// when it fails, or when there is no audio.
    private static func encode(
        _ source: URL, to destination: URL, format: TakeFormat, observe: ([Float]) -> Void
    ) throws -> Int {
        let writer = try TakeWriters.writer(to: destination, format: format)
        do {
            let frames = try AudioFiles.decode(source) { chunk in
                observe(chunk)
                try writer.append(chunk)
            }.frames
            guard frames > 0 else { throw NoAudio(path: source.path) }
            return try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// The file decodes, but to nothing: there is no audio in it to keep.
    public struct NoAudio: Error, CustomStringConvertible {
        /// The file as it was named.
        public let path: String
        public var description: String { "\(path): holds no audio to keep" }
    }
}
