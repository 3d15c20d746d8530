import VoiceRecorderJSON

/// One JSON line on standard output (the event lines for scripts and tests).
enum EventLine {
    static func print(_ line: JSONValue) { JSONLineWriter.standardOutput.write(line) }
}
