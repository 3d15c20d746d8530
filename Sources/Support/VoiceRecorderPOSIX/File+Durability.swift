import Glibc

extension POSIX.File {
    /// Makes everything written so far durable, data and metadata (`fsync`).
    public func synchronize() throws(POSIX.Error) {
        _ = try call("fsync") { fsync($0) }
    }

    /// Makes the data written so far durable, and the metadata needed to read it back, such as a new length
    /// (`fdatasync`): one write less than `synchronize()`, which also flushes the file's times.
    public func synchronizeData() throws(POSIX.Error) {
        _ = try call("fdatasync") { fdatasync($0) }
    }

    /// Cuts (or extends with zeros) the file to `length` bytes (`ftruncate`).
    public func truncate(to length: Int64) throws(POSIX.Error) {
        _ = try call("ftruncate") { ftruncate($0, off_t(length)) }
    }
}
