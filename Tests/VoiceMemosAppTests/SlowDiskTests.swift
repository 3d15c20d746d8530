import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The window never waits on the disk: the library's work (opening it, with the start-up check and its repairs)
/// runs off GTK's thread. Here it is held for real — another process's exclusive lock on the library's lock file,
/// which the library waits for — and the window paints and takes input meanwhile.
@Suite("voice-memos under Xvfb: a slow disk", .serialized)
struct SlowDiskTests {
    @Test("with the library's disk work held for 2 s, the window paints frames and answers keys; then it opens")
    func theWindowPaintsAndAnswersWhileTheLibraryIsHeld() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let library = scratch.appendingPathComponent("data/voicerecorder")
        try FileManager.default.createDirectory(
            at: library, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let holder = try LockHolder(path: library.appendingPathComponent("library.lock").path)
        let heldSince = Date()

        let app = try MemosAppSession(arguments: ["--frame-lines"], scratch: scratch, waitsForReady: false)
        defer { app.stop() }
        try app.waitFor("frame", timeout: 20)
        // The mic has the focus: a short Space is a tap, and the control answers with its hint.
        let beforeKey = app.count
        try app.key("space")
        try app.waitFor("hint", since: beforeKey)
        // Frames go on being painted (the hint buds out and, after 2.2 s, melts home) for 2 s and more of holding.
        wait(timeout: 10, interval: 0.05) {
            app.timedEvents.contains {
                $0.fields["event"] as? String == "frame" && $0.receivedAt >= heldSince.timeIntervalSince1970 + 2
            }
        }
        let frames = app.timedEvents.filter { $0.fields["event"] as? String == "frame" }
        #expect(frames.contains { $0.receivedAt >= heldSince.timeIntervalSince1970 + 2 }, "a frame 2 s into the hold")
        #expect(frames.count >= 10, "\(frames.count) frames while the library was held")
        #expect(app.events("ready").isEmpty, "the library cannot have opened while held")

        holder.release()
        let ready = try app.waitFor("ready", timeout: 10)
        #expect(ready["memos"] as? Int == 0)
    }
}

/// Another process's hold on a file: an exclusive `flock` by a child `flock(1)`, released by ending it. (A lock of
/// this process's own would do for the library, which locks through its own open file, but a second process is
/// what a real slow holder is.)
private final class LockHolder {
    private let holder: ChildProcess

    init(path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        // `flock --exclusive FILE cat` holds the lock until its standard input closes.
        holder = try ChildProcess("/usr/bin/flock", ["--exclusive", path, "cat"], input: .pipe)
        let locked = wait(timeout: 5, interval: 0.02) { Self.isLocked(path) }
        precondition(locked, "flock did not take the lock")
    }

    /// Whether someone holds `path` exclusively (a non-blocking shared lock fails).
    private static func isLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0
    }

    func release() { holder.end(grace: 1) }
}
