import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderPulseAudio

extension PulseAudioTests {
    /// Making a session never waits on the sound server: the access check runs off the session's thread and its
    /// answer arrives as an event.
    @Suite struct AccessCheck {
        /// A "server" that takes connections and never says a word: a Unix socket with a listener that never
        /// accepts, held by a real process.
        private final class SilentServer {
            let address: String
            private let process = Process()
            private let directory: URL

            init() throws {
                directory = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let socket = directory.appendingPathComponent("native").path
                address = "unix:\(socket)"
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", "-c", """
                    import socket, sys, time
                    s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(8)
                    print("ready", flush=True); time.sleep(60)
                    """, socket]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                _ = output.fileHandleForReading.availableData  // "ready": the socket listens
            }

            deinit {
                // SIGKILL: a child may inherit a blocked SIGTERM from the test runner.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                try? FileManager.default.removeItem(at: directory)
            }
        }

        @Test("a server that never answers: the session is made at once, and access turns denied after the probe's timeout")
        func silentServer() async throws {
            let server = try SilentServer()
            let queue = DispatchQueue(label: "session")
            let scheduler = DispatchScheduler(queue: queue)
            let source = PulseAudioSource(server: server.address, timeout: 0.5)

            let (session, madeIn) = queue.sync {
                let startedAt = Date()
                let session = Session(source: source, writers: NoWriters(), scheduler: scheduler)
                return (session, Date().timeIntervalSince(startedAt))
            }
            #expect(madeIn < 0.05, "making a session took \(madeIn) s")
            #expect(queue.sync { session.access } == .granted, "granted until the check says otherwise")

            #expect(await waitUntil(timeout: 5) { queue.sync { session.access } == .denied })
        }

        @Test("a reachable server: the check confirms access")
        func reachableServer() async throws {
            try await withSoundServer { server in
                let source = PulseAudioSource(server: server.address)
                let status = await withCheckedContinuation { continuation in
                    source.checkAccess { continuation.resume(returning: $0) }
                }
                #expect(status == .granted)
            }
        }
    }
}

/// Writers for sessions that never record.
private struct NoWriters: TakeWriterFactory {
    struct NeverMade: Error {}
    func makeWriter() throws -> TakeWriter { throw NeverMade() }
}
