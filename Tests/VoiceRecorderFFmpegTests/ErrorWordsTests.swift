import Foundation
import Glibc
import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    /// What a person is told when a file is not one the adapter can use: one line, the file's name, words.
    @Suite struct ErrorWordsTests {
        /// A file that is not readable audio, and what the error must say about it.
        enum UnreadableKind: String, CaseIterable {
            case empty, randomBytes, truncatedTake, fakeHeader, text, headerOnly, missing, directory, picture

            var fileName: String {
                switch self {
                case .empty: "empty.m4a"
                case .randomBytes: "noise.bin"
                case .truncatedTake: "cut.m4a"
                case .fakeHeader: "fake.m4a"
                case .text: "notes.txt"
                case .headerOnly: "header.m4a"
                case .missing: "missing.m4a"
                case .directory: "folder.m4a"
                case .picture: "picture.png"
                }
            }

            /// The whole description.
            var expected: String {
                switch self {
                case .empty: "empty.m4a: not an audio file (it is empty)"
                case .randomBytes: "noise.bin: not an audio file"
                case .truncatedTake: "cut.m4a: the file is truncated"
                case .fakeHeader: "fake.m4a: not an audio file (it has no index)"
                case .text: "notes.txt: not an audio file (it is text)"
                case .headerOnly: "header.m4a: the file is truncated"
                case .missing: "missing.m4a: no such file"
                case .directory: "folder.m4a: a directory, not an audio file"
                case .picture: "picture.png: not an audio file (it has no audio stream)"
                }
            }

            /// Makes the file in `directory`.
            func make(in directory: ScratchDirectory) throws -> URL {
                let url = directory.file(fileName)
                switch self {
                case .empty:
                    try Data().write(to: url)
                case .randomBytes:
                    var generator = SeededGenerator(seed: 11)
                    try Data(generator.bytes(50_000)).write(to: url)
                case .truncatedTake, .headerOnly:
                    let writer = try M4ATakeWriter(url: directory.file("voice-whole-\(rawValue).m4a"))
                    try Signal.feed(writer, frames: 48_000)
                    _ = try writer.finish()
                    let bytes = try Data(contentsOf: writer.url)
                    try bytes.prefix(self == .truncatedTake ? bytes.count / 2 : 40).write(to: url)
                case .fakeHeader:
                    // An MP4 file-type box, then bytes that are not MP4 at all.
                    var generator = SeededGenerator(seed: 3)
                    let fileType: [UInt8] =
                        [0, 0, 0, 24] + Array("ftypM4A ".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
                    try Data(
                        fileType + [0x00, 0xF1] + generator.bytes(2_000)
                    )
                    .write(to: url)
                case .text:
                    try Data(String(repeating: "Buy milk, call the plumber.\n", count: 50).utf8).write(to: url)
                case .missing:
                    break
                case .directory:
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                case .picture:
                    // A whole 1×1 PNG: FFmpeg opens it, as an image.
                    try Data(
                        base64Encoded:
                            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
                    )!
                    .write(to: url)
                }
                return url
            }
        }

        /// Checks what every reader of files says about `url`.
        private func expectWords(_ expected: String, for url: URL) {
            let calls: [(String, () throws -> Void)] = [
                ("info", { _ = try AudioFileReader.info(of: url) }),
                ("waveform", { _ = try AudioFileReader.waveform(of: url) }),
                ("decode", { try AudioFileReader.decode(url) { _ in } }),
                ("decoder", { _ = try AudioFileDecoder(url: url) }),
            ]
            for (name, call) in calls {
                let error = #expect(throws: FFmpegError.self, "\(name)") { try call() }
                let description = error?.description ?? ""
                #expect(description == expected, "\(name)")
                #expect(!description.contains("\n"), "one line")
                #expect(!description.contains("@ 0x") && !description.contains("(-"), "no pointers, no raw codes")
                #expect(description.hasPrefix(url.lastPathComponent + ": "), "names the file")
            }
        }

        @Test(arguments: UnreadableKind.allCases)
        func aFileThatIsNotReadableAudioIsDescribedInWords(kind: UnreadableKind) throws {
            let directory = try ScratchDirectory()
            expectWords(kind.expected, for: try kind.make(in: directory))
        }

        @Test func ffmpegPrintsNothingWhileNotVerbose() throws {
            let directory = try ScratchDirectory()
            let urls = try UnreadableKind.allCases.map { try $0.make(in: directory) }
            FFmpegLog.isVerbose = false
            let printed = try capturingStandardError {
                for url in urls { _ = try? AudioFileReader.info(of: url) }
                let writer = try M4ATakeWriter(url: directory.file("voice-quiet.m4a"))
                try Signal.feed(writer, frames: 30_000)
                _ = try writer.finish()
            }
            #expect(!printed.contains("@ 0x"), "\(printed)")
            #expect(!printed.contains("moov atom"), "\(printed)")
            #expect(!printed.contains("Invalid data"), "\(printed)")
        }

        @Test func verboseShowsFFmpegsOwnLinesOnStandardError() throws {
            let directory = try ScratchDirectory()
            let url = try UnreadableKind.fakeHeader.make(in: directory)
            FFmpegLog.isVerbose = true
            defer { FFmpegLog.isVerbose = false }
            #expect(FFmpegLog.isVerbose)
            let printed = try capturingStandardError { _ = try? AudioFileReader.info(of: url) }
            #expect(printed.contains("moov atom not found"), "\(printed)")
            // The error itself is the same either way, and keeps the library's words for whoever debugs.
            let error = #expect(throws: FFmpegError.self) { try AudioFileReader.info(of: url) }
            #expect(error?.description == UnreadableKind.fakeHeader.expected)
            #expect(error?.libraryMessage == "moov atom not found")
        }

        @Test func recoveryRefusalsAreWords() throws {
            let directory = try ScratchDirectory()
            let text = directory.file("voice-text.m4a")
            try Data("hello".utf8).write(to: text)
            let notATake = #expect(throws: FFmpegError.self) { try TakeRecovery.recover(text) }
            #expect(notATake?.description == "voice-text.m4a: not an unfinished take")

            let writer = try M4ATakeWriter(url: directory.file("voice-live.m4a"))
            try Signal.feed(writer, frames: 24_000)
            let busy = #expect(throws: FFmpegError.self) { try TakeRecovery.recover(writer.url) }
            #expect(busy?.description == "voice-live.m4a: still being recorded")
            writer.discard()
        }

        @Test func writerRefusalsAreWords() throws {
            let directory = try ScratchDirectory()
            let taken = directory.file("voice-taken.m4a")
            try Data("keep me".utf8).write(to: taken)
            let exists = #expect(throws: FFmpegError.self) { try M4ATakeWriter(url: taken) }
            #expect(exists?.description == "voice-taken.m4a: cannot create the take's file (File exists)")

            let finished = try M4ATakeWriter(url: directory.file("voice-done.m4a"))
            try Signal.feed(finished, frames: 2_000)
            _ = try finished.finish()
            let afterFinish = #expect(throws: FFmpegError.self) { try finished.append([0]) }
            #expect(afterFinish?.description == "voice-done.m4a: the take is already finished or discarded")

            let discarded = try M4ATakeWriter(url: directory.file("voice-gone.m4a"))
            discarded.discard()
            let afterDiscard = #expect(throws: FFmpegError.self) { try discarded.finish() }
            #expect(afterDiscard?.description == "voice-gone.m4a: the take was discarded")
        }

        @Test func aLibraryErrorIsPutInTheWordsOfWhatFailed() {
            let raw = FFmpegError(code: invalidDataCode, operation: "avcodec_send_packet")
            #expect(raw.description == "Invalid data found when processing input")
            let told = raw.concerning("take.m4a", "cannot be decoded")
            #expect(told.description == "take.m4a: cannot be decoded (Invalid data found when processing input)")
            #expect(told.code == raw.code, "the code stays, for programs")
            #expect(told.concerning("other.m4a", "something else") == told, "an error that names its file is kept")
            #expect(FFmpegError(code: -123_456_789, operation: "x").description == "an unknown FFmpeg error")
            #expect(told.debugDescription.contains("avcodec_send_packet"))
        }
    }
}

/// FFmpeg's AVERROR_INVALIDDATA: the tag "INDA", negated (the macro does not import, and this target does not link FFmpeg).
let invalidDataCode: Int32 = -Int32(bitPattern: 0x4144_4E49)

/// Everything written to standard error (file descriptor 2) while `body` runs, from any library. What was written
/// is passed on to the real standard error afterwards, so no line of the test run is lost.
func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let saved = try POSIX.File.standardError.duplicate()
    let (reader, writer) = try POSIX.pipe()
    try writer.duplicate(onto: STDERR_FILENO)
    try writer.close()
    var failure: Error?
    do { try body() } catch { failure = error }
    try saved.duplicate(onto: STDERR_FILENO)
    var captured: [UInt8] = []
    while true {
        let chunk = try reader.readAvailable(upTo: 4_096)
        if chunk.isEmpty { break }
        captured += chunk
    }
    try? POSIX.File.standardError.write(captured)
    if let failure { throw failure }
    return String(decoding: captured, as: UTF8.self)
}
