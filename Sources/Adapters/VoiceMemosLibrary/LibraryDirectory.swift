import Foundation
import VoiceRecorderPOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// How the library makes its directories (SPEC B.7): private (0700), and proved writable before any take starts.
enum LibraryDirectory {
    /// Makes `path` (and any missing directory on the way to it), gives it mode 0700, and proves it can be written.
    static func prepare(_ path: String) throws(POSIX.Error) {
        try makeAncestors(of: path)
        try makeDirectory(path, permissions: 0o700)
        try probeWritable(path)
    }

    /// Makes `path` as a directory with `permissions` if it is not one yet, and sets them if it is (a directory
    /// made by someone else with a looser mode is tightened).
    static func makeDirectory(_ path: String, permissions: mode_t) throws(POSIX.Error) {
        do throws(POSIX.Error) {
            try POSIX.makeDirectory(path, permissions: permissions)
        } catch let error where error.code == EEXIST {
            // Something that is not a directory has the name: say that, rather than "File exists".
            guard isDirectory(path) else { throw POSIX.Error(call: "mkdir", code: ENOTDIR, path: path) }
        }
        try POSIX.setPermissions(permissions, ofPath: path)
    }

    /// Makes every missing directory on the way to `path` (not `path` itself) with the usual 0755, as `mkdir -p`
    /// does for `~/.local/share`.
    private static func makeAncestors(of path: String) throws(POSIX.Error) {
        var ancestors: [String] = []
        var current = (path as NSString).deletingLastPathComponent
        while !current.isEmpty, current != "/", !isDirectory(current) {
            ancestors.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for ancestor in ancestors.reversed() {
            do throws(POSIX.Error) {
                try POSIX.makeDirectory(ancestor, permissions: 0o755)
            } catch let error where error.code == EEXIST {
                // Another process made it a moment ago, or a file has its name.
                guard isDirectory(ancestor) else { throw POSIX.Error(call: "mkdir", code: ENOTDIR, path: ancestor) }
            }
        }
    }

    /// Creates a file in `directory` (exclusively) and removes it again: proves the directory can be written,
    /// which its mode alone does not say (a read-only file system, an ACL, another owner).
    private static func probeWritable(_ directory: String) throws(POSIX.Error) {
        let path = directory + "/.write-test-\(getpid())"
        try POSIX.File(path: path, access: .writeOnly, options: [.create, .exclusive]).close()
        try POSIX.unlink(path)
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        (try? POSIX.status(ofPath: path).kind) == .directory
    }
}
