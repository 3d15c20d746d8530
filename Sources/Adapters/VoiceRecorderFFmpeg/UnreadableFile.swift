import CFFmpeg
import Glibc
import VoiceRecorderMP4
import VoiceRecorderPOSIX

/// Says in words why FFmpeg could not open a file as audio, by looking at the file itself: FFmpeg only says
/// "Invalid data found when processing input" for an empty file, a text, random bytes, a cut-off take or an MP4
/// header with nothing behind it.
enum UnreadableFile {
    /// What is wrong with the file at `path`, which FFmpeg failed to open with `code` (after logging
    /// `libraryMessage`, if anything).
    static func reason(path: String, code: Int32, libraryMessage: String?) -> String {
        let status: POSIX.FileStatus
        do throws(POSIX.Error) {
            status = try POSIX.status(ofPath: path)
        } catch {
            return error.code == ENOENT ? "no such file" : "cannot be read (\(error.words))"
        }
        switch status.kind {
        case .directory: return "a directory, not an audio file"
        case .other: return "not an audio file (not a regular file)"
        case .regularFile: break
        }
        if status.size == 0 { return "not an audio file (it is empty)" }
        // A system failure (no permission, a disk error) is not about what the file holds.
        if let errnoValue = systemErrno(code) { return "cannot be read (\(POSIX.words(for: errnoValue)))" }
        if let scanner = try? MP4BoxScanner(path: path) {
            switch scanner.layout {
            case .truncated: return "the file is truncated"
            case .noIndex: return "not an audio file (it has no index)"
            case .complete, .notMP4: break
            }
        }
        if libraryMessage?.contains("moov atom not found") == true { return "not an audio file (it has no index)" }
        if isText(path: path) { return "not an audio file (it is text)" }
        return "not an audio file"
    }

    /// What is wrong with the file at `path`, which FFmpeg opened but found no audio stream in (a picture; a text,
    /// which FFmpeg reads as a video of its characters).
    static func reasonForNoAudio(path: String) -> String {
        isText(path: path) ? "not an audio file (it is text)" : "not an audio file (it has no audio stream)"
    }

    /// The `errno` an FFmpeg code carries (`AVERROR(errno)`), for the system failures worth telling apart.
    private static func systemErrno(_ code: Int32) -> Int32? {
        [EACCES, EPERM, EIO, ENOENT, EISDIR, ENOMEM, EMFILE, ENFILE].first { vr_averror($0) == code }
    }

    /// Whether the file starts as text: valid UTF-8 with no control characters but tabs and line ends.
    private static func isText(path: String) -> Bool {
        guard let file = try? POSIX.File(path: path, access: .readOnly, options: .nonBlocking),
            let bytes = try? file.read(count: 4_096, at: 0), !bytes.isEmpty
        else { return false }
        // The sample may end in the middle of a character: up to three bytes of it are let go.
        for cut in 0 ... min(3, bytes.count - 1) {
            if let text = String(validating: bytes.dropLast(cut), as: UTF8.self) {
                return text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\r" || $0 == "\t" }
            }
        }
        return false
    }
}
