import Foundation
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderPOSIX

/// Brings an audio file into the library as a memo, the way a take comes in: the audio is staged in the library's
/// takes directory, then kept (`keep`: moved to `memos/<id>.m4a`, then its row), so a kill at any instant loses
/// nothing and duplicates nothing, and the original is never touched.
enum AudioImport {
    /// The staged copy's name ends in the library's mark of an interrupted copy (`.copying`): a kill before it is
    /// kept leaves one, which the next start-up check removes (its original still exists), and which is never
    /// adopted as a memo of half a file.
    static let stagingSuffix = ".copying"

    /// Imports `source` into `library` as a new memo (untitled, not recovered).
    static func importFile(_ source: URL, into library: SQLiteMemoLibrary) throws -> Memo {
        let info = try AudioFileReader.info(of: source)  // throws the file's problem in words, naming it
        let id = UUID()
        let staged = library.takesDirectory.appendingPathComponent(
            takeFileURL(id: id).lastPathComponent + stagingSuffix)
        var kept = false
        defer { if !kept { _ = try? POSIX.removeFile(ifPresent: staged.path) } }
        // The duration and the waveform come from decoding FILE itself (a copy holds the same audio, an encoding
        // the same frames), so a file that can't be decoded is named as the person typed it.
        var meter = WindowPeakMeter()
        let frames: Int
        if isAACInMP4(info) {
            frames = try AudioFileReader.decode(source) { meter.append($0) }.frames
            guard frames > 0 else { throw MemosCommandError.noAudio(source.path) }
            try NewFileCopy.copy(source, to: staged)
        } else {
            frames = try encode(source, to: staged) { meter.append($0) }
        }
        let duration = Double(frames) / Double(AudioFormat.sampleRate)
        let recordedAt = (try? FileManager.default.attributesOfItem(atPath: source.path)[.modificationDate]) as? Date
        let memo = try library.keep(
            Recording(url: staged, duration: duration, samples: meter.recordingSamples()),
            id: id, date: (recordedAt ?? Date()).addingTimeInterval(-duration), title: "", isRecovered: false)
        kept = true
        return memo
    }

    /// Whether the file is what a memo's file is (AAC in an MP4 container), so it can be copied as it is.
    private static func isAACInMP4(_ info: AudioFileInfo) -> Bool {
        info.codecName == "aac" && info.formatName.split(separator: ",").contains("mp4")
    }

    /// Encodes `source` (anything FFmpeg decodes) to a new AAC `.m4a` at `destination`, as a take is written,
    /// handing each decoded chunk to `observe` too; returns the frames written. Nothing is left at `destination`
    /// when it fails, or when there is no audio.
    private static func encode(_ source: URL, to destination: URL, observe: ([Float]) -> Void) throws -> Int {
        let writer = try M4ATakeWriter(url: destination)
        do {
            let frames = try AudioFileReader.decode(source) { chunk in
                observe(chunk)
                try writer.append(chunk)
            }.frames
            guard frames > 0 else { throw MemosCommandError.noAudio(source.path) }
            return try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}
