import Glibc
import VoiceRecorderJSON
import VoiceRecorderPOSIX

/// One JSON line on standard output (the event lines for scripts and tests), written only where a reader can get
/// it: a pipe, a file or a terminal. Started from the desktop (output on the journal's socket) or with its output
/// thrown away, the app writes none and works out none of the geometry they carry.
enum EventLine {
    /// Whether standard output goes somewhere a script reads, decided once at start.
    static let isRead = POSIX.isReadOutput(STDOUT_FILENO)

    static func print(_ line: JSONValue) {
        guard isRead else { return }
        JSONLineWriter.standardOutput.write(line)
    }
}
