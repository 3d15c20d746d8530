import Foundation
import Testing
@testable import VoiceRecorderFFmpeg
#if canImport(Glibc)
import Glibc
#endif

extension FFmpegAdapterTests {
    /// The process-wide file-size limit is lowered for a moment here; the parent suite is serialised, so no other
    /// test of this target writes meanwhile.
    @Suite struct FileSizeLimitTests {
        @Test func hittingTheFileSizeLimitThrowsAndKeepsWhatWasWritten() throws {
            ignoreFileSizeLimitSignal()
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-limited.m4a"))

            var original = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &original)
            var limited = original
            limited.rlim_cur = 20_000
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limited)
            var failure: FFmpegError?
            var appended = 0
            while appended < 24_000 * 30 {
                do {
                    try writer.append(Signal.tone(frames: 4_800, offset: appended))
                    appended += 4_800
                } catch let error as FFmpegError {
                    failure = error
                    break
                }
            }
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &original)

            let error = try #require(failure, "a 20 kB limit must stop a 30 s take")
            #expect(error.isOutOfSpace)
            #expect(error.message.contains("File too large"))
            #expect(error.operation == "append")
            #expect(throws: FFmpegError.self) { try writer.append([0]) }

            // What reached the disk decodes as it is, and finishes into a valid take.
            let (_, onDisk) = try AudioFileReader.decode(writer.url) { _ in }
            #expect(onDisk > 24_000)
            #expect(onDisk <= appended)
            let frames = try writer.finish()
            #expect(frames >= onDisk - 1_024 && frames <= appended)
            let (info, decoded) = try AudioFileReader.decode(writer.url) { _ in }
            #expect(decoded == frames)
            #expect(info.codecName == "aac")
        }
    }
}
