import Glibc
import VoiceRecorderPOSIX

/// Reads the box structure of an MP4 file without reading its audio: enough to tell a take still in its fragmented,
/// being-written form from a finished one, where the last complete fragment ends, and whether a file that is not
/// readable is cut short or has no index at all.
///
/// It owns its open file, read-only, and closes it when it goes away: it cannot be copied, so there is exactly one
/// owner and one close.
package struct MP4BoxScanner: ~Copyable {
    /// One box header in the file.
    package struct Box: Equatable, Sendable {
        /// The four-character type, e.g. `"moov"`.
        package let type: FourCharacterCode
        /// Where the box starts in the file.
        package let offset: Int64
        /// The box's declared size, header included.
        package let size: Int64
        /// Where the box claims to end.
        package var end: Int64 { offset + size }
    }

    private let file: POSIX.File
    /// The file's length in bytes.
    package let fileSize: Int64

    /// Opens the regular file at `path` for reading. Throws for a missing or unreadable path, and with `EISDIR` or
    /// `EINVAL` for a directory or anything else that is not a regular file (never waiting on a FIFO).
    package init(path: String) throws(POSIX.Error) {
        let file = try POSIX.File(path: path, access: .readOnly, options: .nonBlocking)
        let status = try file.status()
        guard status.kind == .regularFile else {
            throw POSIX.Error(call: "open", code: status.kind == .directory ? EISDIR : EINVAL, path: path)
        }
        self.file = file
        fileSize = status.size
    }

    deinit { try? file.close() }

    /// The boxes directly inside `start ..< end` (the whole file by default). A last box that runs past `end` (a
    /// file cut mid-write) is included with its declared size; the walk stops at anything that is not a box.
    package func boxes(from start: Int64 = 0, to end: Int64? = nil) -> [Box] {
        let end = end ?? fileSize
        var boxes: [Box] = []
        var offset = start
        while offset + 8 <= end {
            guard let bytes = try? file.read(count: BoxHeader.maximumLength, at: offset),
                let header = BoxHeader(in: bytes, at: 0, room: end - offset), header.type.isPrintable
            else { break }
            boxes.append(Box(type: header.type, offset: offset, size: header.size))
            offset += header.size
        }
        return boxes
    }

    /// `count` bytes at `offset`, or nil when they are not all in the file.
    package func read(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + Int64(count) <= fileSize,
            let bytes = try? file.read(count: count, at: offset), bytes.count == count
        else { return nil }
        return bytes
    }

    /// Whether this is a take still in its fragmented, being-written form: its header announces fragments (`mvex`
    /// in `moov`) or fragments follow (`moof`). A finished take is a plain MP4 and never matches.
    package var isFragmented: Bool {
        let top = boxes()
        if top.contains(where: { $0.type == "moof" }) { return true }
        guard let movie = top.first(where: { $0.type == "moov" }) else { return false }
        return boxes(from: movie.offset + 8, to: min(movie.end, fileSize)).contains { $0.type == "mvex" }
    }

    /// The length of the file up to the end of its last complete fragment (or of the header, when no fragment is
    /// complete): what a reader can trust after the writer died mid-fragment.
    package var completeFragmentsLength: Int64 {
        var length: Int64 = 0
        for box in boxes() where box.end <= fileSize {
            // A fragment is a `moof` and its `mdat`: only an `mdat` closes one. Header boxes count before any.
            if box.type == "mdat" || (box.type != "moof" && length == box.offset) { length = box.end }
        }
        return length
    }

    /// Cuts the fragmented file at `path` after its last complete fragment, dropping a fragment the writer did not
    /// finish, so that only whole packets are read back.
    package static func truncateToCompleteFragments(path: String) throws(POSIX.Error) {
        let scanner = try MP4BoxScanner(path: path)
        let length = scanner.completeFragmentsLength
        guard length < scanner.fileSize else { return }
        try POSIX.truncate(path, to: length)
    }
}
