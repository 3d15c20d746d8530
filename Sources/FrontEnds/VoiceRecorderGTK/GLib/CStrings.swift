import Glibc

/// Calls `body` with `strings` as a NULL-terminated C array of C strings (GTK's `const char **` lists: accelerators,
/// object ids), valid only during the call.
public func withCStrings<Result>(
    _ strings: [String],
    _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)!) } + [nil]
    defer { pointers.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    return body(&pointers)
}
