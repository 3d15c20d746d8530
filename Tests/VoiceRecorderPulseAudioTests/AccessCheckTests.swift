import Dispatch
import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderPulseAudio
import VoiceRecorderTestSupport

extension PulseAudioTests {
    /// Making a session never waits on the sound server: the access check runs off the session's thread and its
    /// answer arrives as an event.
    @Suite struct AccessCheck {
        /// A "server" that takes connections and never says a word: a Unix socket with a listener that never
        /// accepts, held by a real process.
        final class SilentServer {
            let address: String
            private let directory: ScratchDirectory
            private let process: ChildProcess

            init() throws {
                directory = try ScratchDirectory(prefix: "silent")
                let socket = directory.path("native")
                address = "unix:\(socket)"
                process = try ChildProcess(
                    "/usr/bin/python3",
                    [
                        "-c",
                        """
                        import signal, socket, sys
                        s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(8)
                        print("ready", flush=True); signal.pause()
                        """, socket,
                    ], output: .capture)
                let process = process
                // "ready": the socket listens.
                guard wait(timeout: 10, until: { process.capturedOutput.contains("ready") }) else {
                    throw FixtureError("the silent server did not start listening")
                }
            }

            // Before the directory goes: the listener holds its socket.
            deinit { process.kill() }
        }

        @Test(
            "a server that never answers: the session is made at once, and access turns denied after the probe's timeout"
        )
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
            // Well under the probe's 0.5 s: had it waited for the server, it would have taken the whole timeout. (Not
            // tighter: the first session of a process, on a busy machine, has taken 54 ms.)
            #expect(madeIn < 0.25, "making a session took \(madeIn) s")
            #expect(queue.sync { session.access } == .granted, "granted until the check says otherwise")

            #expect(await wait(timeout: 5) { queue.sync { session.access } == .denied })
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
