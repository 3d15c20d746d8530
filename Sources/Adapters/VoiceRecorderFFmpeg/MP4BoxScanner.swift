import CFFmpeg
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the box structure of an MP4 file without reading its audio: enough to tell a take still in its fragmented,
/// being-written form from a finished one, and where the last complete fragment ends.
struct MP4BoxScanner {
    /// One box header.
    struct Box: Equatable {
        /// The four-character type, e.g. `"moov"`.
        let type: String
        /// Where the box starts in the file.
        let offset: Int64
        /// The box's declared size, header included.
        let size: Int64
        /// Where the box claims to end.
        var end: Int64 { offset + size }
    }

    private let descriptor: Int32
    /// The file's length in bytes.
    let fileSize: Int64

    /// Opens `url` for reading; `nil` when it cannot be opened (missing, unreadable, a directory).
    init?(url: URL) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        fileSize = Int64(status.st_size)
    }

    /// Closes the file.
    func close() { _ = Glibc.close(descriptor) }

    /// The boxes directly inside `start ..< end` (the whole file by default). A last box that runs past `end` (a
    /// file cut mid-write) is included with its declared size; parsing stops at anything that is not a box.
    func boxes(from start: Int64 = 0, to end: Int64? = nil) -> [Box] {
        let end = end ?? fileSize
        var boxes: [Box] = []
        var offset = start
        while offset + 8 <= end {
            var header = [UInt8](repeating: 0, count: 16)
            guard pread(descriptor, &header, 16, off_t(offset)) >= 8 else { break }
            var size = Int64(header[0 ..< 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let typeBytes = header[4 ..< 8]
            guard typeBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { break }
            if size == 1 {
                size = Int64(bitPattern: header[8 ..< 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            } else if size == 0 {
                size = end - offset
            }
            guard size >= 8 else { break }
            boxes.append(Box(type: String(decoding: typeBytes, as: UTF8.self), offset: offset, size: size))
            offset += size
        }
        return boxes
    }

    /// `count` bytes at `offset`, or nil when they are not all in the file.
    func read(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + Int64(count) <= fileSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return read == count ? bytes : nil
    }

    /// Whether this is a take still in its fragmented, being-written form: its header announces fragments (`mvex`
    /// in `moov`) or fragments follow (`moof`). A finished take is a plain MP4 and never matches.
    var isFragmented: Bool {
        let top = boxes()
        if top.contains(where: { $0.type == "moof" }) { return true }
        guard let movie = top.first(where: { $0.type == "moov" }) else { return false }
        return boxes(from: movie.offset + 8, to: min(movie.end, fileSize)).contains { $0.type == "mvex" }
    }

    /// The length of the file up to the end of its last complete fragment (or of the header, when no fragment is
    /// complete): what a reader can trust after the writer died mid-fragment.
    var completeFragmentsLength: Int64 {
        var length: Int64 = 0
        for box in boxes() where box.end <= fileSize {
            // A fragment is a `moof` and its `mdat`: only an `mdat` closes one. Header boxes count before any.
            if box.type == "mdat" || (box.type != "moof" && length == box.offset) { length = box.end }
        }
        return length
    }
}

extension MP4BoxScanner {
    /// Cuts a fragmented file after its last complete fragment, dropping a fragment the writer did not finish, so
    /// that only whole packets are read back.
    static func truncateToCompleteFragments(_ url: URL) throws(FFmpegError) {
        guard let scanner = MP4BoxScanner(url: url) else {
            throw FFmpegError(code: vr_averror(ENOENT), message: "\(url.path) cannot be opened", operation: "recover")
        }
        let length = scanner.completeFragmentsLength
        let fileSize = scanner.fileSize
        scanner.close()
        guard length < fileSize else { return }
        guard truncate(url.path, off_t(length)) == 0 else {
            throw FFmpegError(code: vr_averror(errno), operation: "truncate(unfinished take)")
        }
    }
}
