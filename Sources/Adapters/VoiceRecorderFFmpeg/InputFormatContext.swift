import CFFmpeg
import Glibc
import VoiceRecorderPOSIX

/// An owned input `AVFormatContext`: a container being read.
final class InputFormatContext {
    /// The context; valid for the object's lifetime.
    private(set) var pointer: UnsafeMutablePointer<AVFormatContext>

    /// The file's path, and its name as errors give it.
    let path: String
    let fileName: String

    /// Opens `path` with whatever demuxer FFmpeg recognises, and reads its stream headers. A file FFmpeg cannot
    /// read is described in words (`UnreadableFile`), naming the file.
    ///
    /// - Parameter probeStreams: also run `avformat_find_stream_info` (needed for formats whose headers don't say
    ///   everything; a container FFmpeg wrote itself can skip it).
    init(path: String, probeStreams: Bool = true) throws(FFmpegError) {
        try FFmpegLibraries.load()
        let name = FFmpegError.fileName(of: path)
        self.path = path
        fileName = name
        func unreadable(_ code: Int32, _ libraryMessage: String?, _ operation: String) -> FFmpegError {
            FFmpegError(
                code: code, message: UnreadableFile.reason(path: path, code: code, libraryMessage: libraryMessage),
                operation: operation, file: name, libraryMessage: libraryMessage)
        }
        if (try? POSIX.status(ofPath: path))?.kind == .directory {
            // FFmpeg's file protocol opens a directory and fails only when reading, with a vaguer message.
            throw unreadable(vr_averror(EISDIR), nil, "avformat_open_input")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        let (opened, openMessage) = FFmpegLog.lastError { avformat_open_input(&context, path, nil, nil) }
        if opened < 0 { throw unreadable(opened, openMessage, "avformat_open_input") }
        guard let context else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avformat_open_input").concerning(
                name, "cannot be opened")
        }
        pointer = context
        if probeStreams {
            let (probed, probeMessage) = FFmpegLog.lastError { avformat_find_stream_info(context, nil) }
            if probed < 0 { throw unreadable(probed, probeMessage, "avformat_find_stream_info") }
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }

    /// The demuxer's short name, e.g. `"mov,mp4,m4a,3gp,3g2,mj2"`.
    var formatName: String { String(cString: pointer.pointee.iformat.pointee.name) }

    /// The index of the best audio stream; throws when there is none (a picture, a video without sound, …).
    func bestAudioStreamIndex() throws(FFmpegError) -> Int32 {
        let index = av_find_best_stream(pointer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else {
            throw FFmpegError(
                code: index, message: UnreadableFile.reasonForNoAudio(path: path), operation: "av_find_best_stream",
                file: fileName)
        }
        return index
    }

    /// The stream at `index`.
    func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> {
        pointer.pointee.streams[Int(index)]!
    }

    /// Reads the next packet into `packet`; `false` at the end of the file.
    func read(into packet: Packet) throws(FFmpegError) -> Bool {
        let (result, message) = FFmpegLog.lastError { av_read_frame(pointer, packet.pointer) }
        if result == vr_averror_eof() { return false }
        guard result >= 0 else {
            let words = result == vr_averror_invaliddata() ? "the audio is damaged" : "cannot be read"
            throw FFmpegError(
                code: result, message: "\(words) (\(FFmpegError.describe(result)))", operation: "av_read_frame",
                file: fileName, libraryMessage: message)
        }
        return true
    }

    /// Seeks `streamIndex` to the last key point at or before `timestamp` (in the stream's time base).
    func seek(stream streamIndex: Int32, to timestamp: Int64) throws(FFmpegError) {
        try check(av_seek_frame(pointer, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD), "av_seek_frame")
    }
}
