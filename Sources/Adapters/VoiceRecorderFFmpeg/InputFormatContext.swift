import CFFmpeg
import Foundation

/// An owned input `AVFormatContext`: a container being read.
final class InputFormatContext {
    /// The context; valid for the object's lifetime.
    private(set) var pointer: UnsafeMutablePointer<AVFormatContext>

    /// Opens `path` with whatever demuxer FFmpeg recognises, and reads its stream headers.
    ///
    /// - Parameter probeStreams: also run `avformat_find_stream_info` (needed for formats whose headers don't say
    ///   everything; a container FFmpeg wrote itself can skip it).
    init(path: String, probeStreams: Bool = true) throws(FFmpegError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            // FFmpeg's file protocol opens a directory and fails only when reading, with a vaguer message.
            throw FFmpegError(
                code: vr_averror(EISDIR), message: "\(path) is a directory, not an audio file",
                operation: "avformat_open_input")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
        if opened < 0 {
            throw FFmpegError(
                code: opened, message: "\(path): \(FFmpegError.describe(opened))", operation: "avformat_open_input")
        }
        guard let context else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avformat_open_input")
        }
        pointer = context
        if probeStreams {
            try check(avformat_find_stream_info(pointer, nil), "avformat_find_stream_info")
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }

    /// The demuxer's short name, e.g. `"mov,mp4,m4a,3gp,3g2,mj2"`.
    var formatName: String { String(cString: pointer.pointee.iformat.pointee.name) }

    /// The index of the best audio stream; throws when there is none (a picture, a text file, …).
    func bestAudioStreamIndex() throws(FFmpegError) -> Int32 {
        let index = av_find_best_stream(pointer, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else {
            throw FFmpegError(code: index, message: "the file has no audio stream", operation: "av_find_best_stream")
        }
        return index
    }

    /// The stream at `index`.
    func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> {
        pointer.pointee.streams[Int(index)]!
    }

    /// Reads the next packet into `packet`; `false` at the end of the file.
    func read(into packet: Packet) throws(FFmpegError) -> Bool {
        let result = av_read_frame(pointer, packet.pointer)
        if result == vr_averror_eof() { return false }
        try check(result, "av_read_frame")
        return true
    }

    /// Seeks `streamIndex` to the last key point at or before `timestamp` (in the stream's time base).
    func seek(stream streamIndex: Int32, to timestamp: Int64) throws(FFmpegError) {
        try check(av_seek_frame(pointer, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD), "av_seek_frame")
    }
}
