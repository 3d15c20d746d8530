import Glibc
import Testing
import VoiceRecorderPOSIX

/// `POSIX.isReadOutput`: where the apps' event lines go somewhere a reader gets them.
@Suite("Output that a reader gets")
struct ReadOutputTests {
    @Test func aPipeAndAFileAreReadDevNullASocketAndAClosedDescriptorAreNot() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(POSIX.isReadOutput(ends[1]))

        let file = open("/tmp/voicerecorder-read-output-\(getpid())", O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        defer {
            close(file)
            unlink("/tmp/voicerecorder-read-output-\(getpid())")
        }
        #expect(POSIX.isReadOutput(file))

        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        #expect(!POSIX.isReadOutput(null))

        var sockets: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { sockets.forEach { close($0) } }
        #expect(!POSIX.isReadOutput(sockets[0]))

        #expect(!POSIX.isReadOutput(-1))
    }
}
