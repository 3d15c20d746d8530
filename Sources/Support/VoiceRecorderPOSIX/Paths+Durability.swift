import Glibc

extension POSIX {
    /// Makes the contents of the file at `path` durable (`fsync` through a descriptor opened for the purpose): for
    /// a file another part of the program (or a C library) wrote and closed.
    public static func synchronizeFile(_ path: String) throws(POSIX.Error) {
        let file = try File(path: path, access: .readOnly)
        try file.synchronize()
        try file.close()
    }

    /// Makes the names in the directory at `path` durable (`fsync` of the directory): a file created, renamed into
    /// or removed from it is only sure to be there (or gone) after a crash or a power loss once this returns.
    public static func synchronizeDirectory(_ path: String) throws(POSIX.Error) {
        let directory = try File(path: path, access: .readOnly, options: .directory)
        try directory.synchronize()
        try directory.close()
    }

    /// Copies the file at `source` to a new file at `destination` and makes the copy durable: how a file crosses
    /// to another file system, where `rename` fails with `EXDEV`.
    ///
    /// The copy is created exclusively (`EEXIST` when `destination` exists: nothing is overwritten) with exactly
    /// `permissions`, whatever the umask, and is synchronized (`fsync`) before this returns; its directory is not
    /// (see `synchronizeDirectory`). When the copy fails part-way, what was copied so far stays at `destination`:
    /// name it so that such a leftover is recognised.
    public static func copyFile(_ source: String, to destination: String, permissions: mode_t = 0o600)
        throws(POSIX.Error)
    {
        let input = try File(path: source, access: .readOnly)
        let output = try File(
            path: destination, access: .writeOnly, options: [.create, .exclusive], permissions: permissions)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while true {
            let count = try input.read(into: buffer, at: offset)
            try output.write(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)), at: offset)
            offset += Int64(count)
            // `read(into:at:)` reads fewer bytes than asked only where the file ends.
            if count < buffer.count { break }
        }
        try output.setPermissions(permissions)
        try output.synchronize()
        try output.close()
        try input.close()
    }
}
