import Glibc

// The standard library's `withUnsafe…Bytes` rethrow untyped errors: each body returns a `Result` instead, so the
// wrappers keep throwing `POSIX.Error` alone.

extension POSIX.File {
    /// Reads `buffer.count` bytes at `offset` (`pread`), continuing after short counts and signals; fewer only where
    /// the file ends. Returns how many were read. The file's position does not move.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(POSIX.Error) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try POSIX.transferAll(buffer.count) { (done) throws(POSIX.Error) in
            try call("pread") { pread($0, base + done, buffer.count - done, off_t(offset) + off_t(done)) }
        }
    }

    /// The `count` bytes at `offset`, or fewer where the file ends (none past its end).
    public func read(count: Int, at offset: Int64) throws(POSIX.Error) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(POSIX.Error) in try self.read(into: buffer, at: offset) }
        }.get()
        if read < count { bytes.removeLast(count - read) }
        return bytes
    }

    /// Writes all of `bytes` at `offset` (`pwrite`), continuing after short counts and signals. The file's position
    /// does not move.
    ///
    /// A short count is how the kernel says the disk is full or a size limit is reached: the next attempt then
    /// fails with `ENOSPC` or `EFBIG`, which is thrown — the bytes before it are written.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(POSIX.Error) {
        guard let base = bytes.baseAddress else { return }
        let written = try POSIX.transferAll(bytes.count) { (done) throws(POSIX.Error) in
            try call("pwrite") { pwrite($0, base + done, bytes.count - done, off_t(offset) + off_t(done)) }
        }
        // A write that moves nothing and reports nothing: never seen for files, but it must not pass for success.
        guard written == bytes.count else { throw POSIX.Error(call: "pwrite", code: EIO, path: path) }
    }

    /// Writes all of `bytes` at `offset`; see `write(_:at:)`.
    public func write(_ bytes: [UInt8], at offset: Int64) throws(POSIX.Error) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(POSIX.Error) in try write(buffer, at: offset) } }.get()
    }

    /// Reads what is there, at most `buffer.count` bytes, in one `read` from the file's position (a pipe, a
    /// terminal): 0 at the end of the input.
    public func readAvailable(into buffer: UnsafeMutableRawBufferPointer) throws(POSIX.Error) -> Int {
        try call("read") { Glibc.read($0, buffer.baseAddress, buffer.count) }
    }

    /// What is there, at most `count` bytes, in one `read`; empty at the end of the input.
    public func readAvailable(upTo count: Int) throws(POSIX.Error) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(POSIX.Error) in try readAvailable(into: buffer) }
        }.get()
        bytes.removeLast(count - read)
        return bytes
    }

    /// Writes all of `bytes` at the file's position (`write`: a pipe, a terminal, an appended log), continuing
    /// after short counts and signals.
    public func write(_ bytes: [UInt8]) throws(POSIX.Error) {
        let written = try bytes.withUnsafeBytes { buffer in
            Result { () throws(POSIX.Error) in
                try POSIX.transferAll(buffer.count) { (done) throws(POSIX.Error) in
                    try call("write") { Glibc.write($0, buffer.baseAddress! + done, buffer.count - done) }
                }
            }
        }.get()
        guard written == bytes.count else { throw POSIX.Error(call: "write", code: EIO, path: path) }
    }
}
