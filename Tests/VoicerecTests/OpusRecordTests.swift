import Foundation
import Testing
import VoiceRecorderOpus
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `voicerec record --format opus` end to end (SPEC G): real processes, files checked by programs no one here wrote.
@Suite("voicerec record --format opus")
struct OpusRecordTests {
    /// What `opusinfo` says of a file, and whether it warns.
    static func opusinfo(_ url: URL) throws -> (output: String, warns: Bool) {
        let result = try ChildProcess.run("/usr/bin/opusinfo", [url.path], timeout: 30)
        let output = result.stdout + result.stderr
        return (output, result.status != 0 || output.contains("WARNING") || output.contains("ERROR"))
    }

    @Test func recordsThreeSimulatedSecondsIntoAnExactOgg() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(
            ["record", "--simulated", "--duration", "3", "--format", "opus"], temporaryDirectory: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(jsonObject(result.stdout))
        let url = URL(fileURLWithPath: try #require(json["url"] as? String))
        #expect(url.lastPathComponent.hasPrefix("voice-") && url.pathExtension == "ogg")
        #expect(json["duration"] as? Double == 3, "exact: the last granule position less the pre-skip")
        #expect((json["samples"] as? [Double])?.count == 60)
        #expect(try OggOpusReader.info(of: url).frames == 72_000)
        let opusinfo = try Self.opusinfo(url)
        #expect(!opusinfo.warns, "\(opusinfo.output)")
        #expect(opusinfo.output.contains("Playback length: 0m:03.000s"), "\(opusinfo.output)")
        let info = try Voicerec.run(["info", url.path], temporaryDirectory: scratch.url)
        let read = try #require(jsonObject(info.stdout))
        #expect(read["codec"] as? String == "opus" && read["duration"] as? Double == 3, "\(info.stdout)")
        #expect(read["sampleRate"] as? Int == 24_000 && read["channels"] as? Int == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try scratch.contents() == [url.lastPathComponent], "nothing else is left behind")
    }

    /// A recording in Opus maps libopus and none of FFmpeg's libraries, from start to send.
    @Test func aRecordingInOpusMapsNoFFmpegLibrary() throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(
            ["record", "--simulated", "--duration", "2", "--format", "opus"], temporaryDirectory: scratch.url,
            input: .pipe)
        var maps = ""
        var samples = 0
        #expect(
            wait(timeout: 10) {
                let data = FileHandle(forReadingAtPath: "/proc/\(process.pid)/maps")?.readDataToEndOfFile()
                let now = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
                if !now.isEmpty {
                    maps += now
                    samples += 1
                }
                // Watched until the take's file has audio pages: the recording is well under way.
                let take = (try? scratch.contents())?.first.map { scratch.path($0) }
                let size = take.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
                return (size ?? 0) > 2_000
            }, "recording has started")
        #expect(maps.contains("libopus"), "the encoder is libopus")
        for library in ["libavcodec", "libavformat", "libavutil", "libswresample", "libavfilter"] {
            #expect(!maps.contains(library), "\(library) is mapped while recording in Opus")
        }
        let result = try process.wait(timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aTakeKilledMidWayPlaysToItsLastPageAndRecoverEndsItExactly() throws {
        let scratch = try ScratchDirectory()
        let process = try Voicerec.start(
            ["record", "--simulated", "--format", "opus"], temporaryDirectory: scratch.url)
        // Mid-way: once the take has pages on disk (a few KB is a second or more of 24 kb/s Opus).
        #expect(wait(timeout: 10, interval: 0.05) { Self.takeBytes(in: scratch.url) > 8_000 })
        process.send(SIGKILL)
        #expect(try process.wait().signalled)
        let left = try #require(try scratch.contents().first)
        #expect(left.hasSuffix(".ogg"))
        #expect(try scratch.contents().count == 1)
        let file = scratch.file(left)

        // As it is, every Ogg reader plays it to its last page: GStreamer and FFmpeg decode it without an error.
        let gstreamer = try ChildProcess.run(
            "/usr/bin/gst-launch-1.0",
            ["-q", "filesrc", "location=\(file.path)", "!", "oggdemux", "!", "opusdec", "!", "fakesink"], timeout: 30)
        #expect(gstreamer.status == 0, "\(gstreamer.stderr)")
        let before = try OggOpusReader.info(of: file)
        #expect(!before.isEnded)
        let ffmpeg = try ChildProcess.run(
            "/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-i", file.path, "-f", "null", "-"], timeout: 30)
        #expect(ffmpeg.status == 0 && ffmpeg.stderr.isEmpty, "\(ffmpeg.stderr)")

        let recover = try Voicerec.run(["recover", scratch.url.path], temporaryDirectory: scratch.url)
        #expect(recover.status == 0, "\(recover.stderr)")
        let json = try #require(jsonObject(recover.stdout))
        #expect((json["url"] as? String)?.hasSuffix(left) == true)
        let duration = try #require(json["duration"] as? Double)
        #expect(duration == Double(before.frames) / 24_000, "every whole page, to the sample")
        // About 3 s were recorded (less the process's start); a kill loses at most the page being filled (0.24 s).
        #expect(duration >= 1.8 && duration <= 3.2, "recovered \(duration) s")
        let after = try OggOpusReader.info(of: file)
        #expect(after.isEnded && after.frames == before.frames)
        let opusinfo = try Self.opusinfo(file)
        #expect(!opusinfo.warns, "\(opusinfo.output)")

        let info = try Voicerec.run(["info", file.path], temporaryDirectory: scratch.url)
        #expect(jsonObject(info.stdout)?["duration"] as? Double == duration)
        let again = try Voicerec.run(["recover", scratch.url.path], temporaryDirectory: scratch.url)
        #expect(again.status == 0 && again.stdout.isEmpty, "a finished take is never recovered twice")
    }

    @Test func aFileSizeLimitStopsTheTakeAndKeepsAValidFile() throws {
        let scratch = try ScratchDirectory()
        // 12 blocks of 1 KiB: about 4 s of audio at 24 kb/s.
        let result = try Voicerec.run(
            ["record", "--simulated", "--duration", "30", "--format", "opus"], temporaryDirectory: scratch.url,
            shellPrefix: "ulimit -f 12;")
        #expect(!result.signalled, "SIGXFSZ must not kill it")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(result.status == 0, "what was recorded is sent: \(result.stderr)")
        let json = try #require(jsonObject(result.stdout))
        let url = URL(fileURLWithPath: try #require(json["url"] as? String))
        let duration = try #require(json["duration"] as? Double)
        #expect(duration > 1 && duration < 10, "\(duration)")
        let info = try OggOpusReader.info(of: url)
        #expect(info.isEnded && Double(info.frames) / 24_000 == duration)
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        #expect((size ?? .max) <= 12 * 1_024)
        let opusinfo = try Self.opusinfo(url)
        #expect(!opusinfo.warns, "\(opusinfo.output)")
        #expect(try scratch.contents() == [url.lastPathComponent])
    }

    /// A cut-off, damaged or two-stream `.ogg` given to `info`, `play` and `recover`: one line in words naming the
    /// file, exit 1, never a crash.
    @Test func badOggFilesAreOneLineInWords() throws {
        let scratch = try ScratchDirectory()
        let take = scratch.file("take.ogg")
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "1", "--format", "opus", "--output", take.path],
            temporaryDirectory: scratch.url)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let bytes = try Data(contentsOf: take)
        try bytes.prefix(bytes.count - 7).write(to: scratch.file("cut.ogg"))
        try (bytes + bytes).write(to: scratch.file("twice.ogg"))
        let cases = [
            ("cut.ogg", "the file is truncated (its last page is cut short)"),
            ("twice.ogg", "holds more than one Ogg stream (only a single Opus stream is read)"),
        ]
        for (name, words) in cases {
            for command in ["info", "play"] {
                let result = try Voicerec.run([command, scratch.file(name).path], temporaryDirectory: scratch.url)
                #expect(!result.signalled && result.status == 1, "\(command) \(name): \(result.stderr)")
                #expect(result.stderr == "voicerec \(command): \(name): \(words)\n", "\(result.stderr)")
            }
        }
        let recover = try Voicerec.run(["recover", take.path], temporaryDirectory: scratch.url)
        #expect(recover.status == 1)
        #expect(recover.stderr == "voicerec recover: take.ogg: not an unfinished take\n", "\(recover.stderr)")
    }

    @Test func aBadFormatIsAUsageError() throws {
        let result = try Voicerec.run(["record", "--simulated", "--format", "mp3"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("aac or opus"), "\(result.stderr)")
    }

    @Test func helpDocumentsTheFormat() throws {
        let result = try Voicerec.run(["record", "--help"])
        #expect(result.stdout.contains("--format aac|opus"), "\(result.stdout)")
    }

    /// The size of the take being written in `directory` (0 before it exists).
    static func takeBytes(in directory: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ogg") }.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path))?[.size]
                as? Int
        }.max() ?? 0
    }
}
