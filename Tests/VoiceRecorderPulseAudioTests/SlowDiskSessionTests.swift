import Foundation
import Testing
import VoiceRecorderTestSupport

/// The house rule that the window never waits on the disk, for a take and its ending: a Session recording from a
/// real sound server into a real file (`session-stall-probe`) with every `fsync` and `fdatasync` made to take 300 ms
/// (a preload shim, built here), its thread beating every 5 ms, through a take and its sending (or discarding). The
/// disk's waits land on the capture's thread and the finishing queue; the session's thread never goes longer than
/// a few frames without a beat. (Before the ending moved off it, the gap was the shim's 300 ms and more.)
extension PulseAudioTests {
    @Suite(.serialized) struct SlowDisk {
        /// A shared object whose `fsync` and `fdatasync` sleep 300 ms, then do what they do.
        static func slowSyncShim(in directory: URL) throws -> String {
            let source = directory.appendingPathComponent("slow-sync.c")
            let shim = directory.appendingPathComponent("slow-sync.so")
            try """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <unistd.h>
            int fsync(int fd) {
                static int (*real)(int);
                if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
                usleep(300000);
                return real(fd);
            }
            int fdatasync(int fd) {
                static int (*real)(int);
                if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
                usleep(300000);
                return real(fd);
            }
            """.write(to: source, atomically: true, encoding: .utf8)
            try ChildProcess.output(of: "/usr/bin/gcc", ["-shared", "-fPIC", "-o", shim.path, source.path, "-ldl"])
            return shim.path
        }

        @Test(arguments: [("aac", false), ("opus", false), ("opus", true)])
        func theSessionThreadNeverWaitsOnASlowDisk(format: String, discarding: Bool) async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let shim = try Self.slowSyncShim(in: directory)
            try await withSoundServer { server in
                let outcome = try ChildProcess.run(
                    BuiltExecutables.path(of: "session-stall-probe"),
                    ["--format", format, "--seconds", "3"] + (discarding ? ["--discard"] : []),
                    environment: .inherited.adding([
                        "PULSE_SERVER": server.address, "LD_PRELOAD": shim, "TMPDIR": directory.path,
                    ]),
                    timeout: 60)
                #expect(outcome.succeeded, "\(outcome.stderr)")
                let line = try #require(
                    try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
                #expect(line[discarding ? "discarded" : "sent"] as? Bool == true)
                // A frame is 33 ms; the margin is for a loaded machine's scheduling, far below the disk's 300.
                let gap = try #require(line["maxGapMs"] as? Double)
                #expect(gap < 100, "the session's thread went \(gap) ms without a beat")
            }
        }
    }
}
