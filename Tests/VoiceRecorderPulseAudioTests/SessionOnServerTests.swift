import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

/// A whole `Session` on a real sound server: PulseAudio capture, the real M4A writer, and the interruption policy
/// (SPEC A.6) with the files kept or deleted as it says.
final class LiveSession: @unchecked Sendable {
    let queue = DispatchQueue(label: "session")
    let session: Session
    let directory: URL
    private let recorded = Locked<[SessionEvent]>([])

    init(server: SoundServer, device: String) throws {
        directory = server.directory.appendingPathComponent("takes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        session = Session(
            source: PulseAudioSource(server: server.address, device: device),
            writers: M4ATakeWriterFactory(directory: directory),
            scheduler: DispatchScheduler(queue: queue))
        session.events.observe { [recorded] event in recorded.withLock { $0.append(event) } }
    }

    /// Runs `body` on the session's thread.
    func on<T>(_ body: (Session) -> T) -> T { queue.sync { body(session) } }

    var events: [SessionEvent] { recorded.value }
    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() }
    var sent: Recording? {
        events.lazy.compactMap { if case .sent(let recording, _) = $0 { recording } else { nil } }.first
    }
}

extension PulseAudioTests {
    @Suite struct SessionOnServer {
        @Test func aHandsFreeTakeOfSpeechIsWrittenExactlyAndShowsSpeechAndPauses() async throws {
            try await withSoundServer { server in
                try server.play(try server.speechFile(pause: 0.5, repeats: 6))
                try server.waitForPlayback()
                let live = try LiveSession(server: server, device: server.monitorName)
                live.on { $0.start() }
                #expect(await wait(timeout: 2) { live.on { $0.elapsed } > 0 }, "audio started")
                #expect(await wait(timeout: 8) { live.on { $0.elapsed } >= 3 }, "recorded 3 s")
                let elapsedAtSend = live.on { session -> Double in
                    let elapsed = session.elapsed
                    session.send()
                    return elapsed
                }
                #expect(await wait(timeout: 5) { live.sent != nil }, "sent once its file is finished")
                let recording = try #require(live.sent)
                #expect(live.on { $0.capturesRunning } == 0)

                let info = try AudioFileReader.info(of: recording.url)
                #expect(info.codecName == "aac" && info.sampleRate == 24_000 && info.channels == 1)
                let (_, frames) = try AudioFileReader.decode(recording.url) { _ in }
                #expect(abs(Double(frames) / 24_000 - recording.duration) < 0.025, "the file holds what was recorded")
                #expect(
                    abs(recording.duration - elapsedAtSend) < 0.1,
                    "recorded \(recording.duration) s in \(elapsedAtSend) s")
                let loud = recording.samples.filter { $0 > 0.5 }.count
                let quiet = recording.samples.filter { $0 < 0.2 }.count
                #expect(
                    loud >= 10 && quiet >= 3,
                    "speech and pauses: \(loud) loud, \(quiet) quiet of \(recording.samples.count)")
                #expect(live.files == [recording.url.lastPathComponent])
            }
        }

        @Test(arguments: ServerFault.allCases)
        func aHeldTakeIsDiscardedAndItsFileDeleted(fault: ServerFault) async throws {
            try await withSoundServer { server in
                let live = try await takeInterrupted(by: fault, on: server, after: 0.6) { $0.press() }
                #expect(await wait(timeout: 3) { live.on { $0.phase } == .idle }, "\(fault) ends the held take")
                // Discarded off the session's thread (its capture stopped, its file deleted), then said.
                #expect(await wait(timeout: 3) { live.events.contains(.cancelled(.interrupted)) })
                #expect(live.events.contains(.hint(.stopped, text: "Recording stopped")))
                #expect(live.on { $0.capturesRunning } == 0)
                #expect(live.files.isEmpty, "the discarded take's file is deleted")
            }
        }

        @Test(arguments: ServerFault.allCases)
        func aHandsFreeTakeStopsAndIsKeptThenSends(fault: ServerFault) async throws {
            try await withSoundServer { server in
                let live = try await takeInterrupted(by: fault, on: server, after: 1.0) { $0.start() }
                #expect(await wait(timeout: 3) { live.on { $0.phase } == .stopped }, "\(fault) stops the take")
                #expect(live.on { $0.capturesRunning } == 0)
                let frozen = live.on { $0.elapsed }
                // That the clock does not move has no event: this is four of its 50 ms ticks.
                await letTimePass(0.2)
                #expect(live.on { $0.elapsed } == frozen, "the time freezes")

                live.on { $0.send() }
                #expect(await wait(timeout: 5) { live.sent != nil }, "sent once its file is finished")
                let recording = try #require(live.sent)
                #expect(recording.duration > 0.9)
                let (info, frames) = try AudioFileReader.decode(recording.url) { _ in }
                #expect(info.codecName == "aac")
                #expect(abs(Double(frames) / 24_000 - recording.duration) < 0.025)
                #expect(
                    abs(recording.duration - frozen) < 0.1,
                    "what was recorded up to the stop: \(recording.duration) vs \(frozen)")
            }
        }

        /// Plays speech, begins a take with `begin`, lets it record `seconds`, then injects `fault`.
        private func takeInterrupted(
            by fault: ServerFault, on server: SoundServer, after seconds: Double, begin: (Session) -> Void
        ) async throws -> LiveSession {
            let speech = try server.speechFile(pause: 0.3, repeats: 4)
            try server.play(speech)
            try server.waitForPlayback()
            let live = try LiveSession(server: server, device: try fault.device(on: server))
            live.on(begin)
            #expect(await wait(timeout: 2) { live.on { $0.elapsed } > seconds }, "recording before the fault")
            try fault.inject(into: server, speech: speech)
            return live
        }

        @Test func withoutAServerAccessIsOff() async throws {
            let directory = try ScratchDirectory(prefix: "vr-noserver")
            let queue = DispatchQueue(label: "session")
            let session = Session(
                source: PulseAudioSource(server: "unix:\(directory.path("none"))"),
                writers: M4ATakeWriterFactory(directory: directory.url),
                scheduler: DispatchScheduler(queue: queue))
            let events = Locked<[SessionEvent]>([])
            session.events.observe { event in events.withLock { $0.append(event) } }
            // The access check runs off the session's thread; its answer lands in about a millisecond.
            #expect(await wait(timeout: 2) { queue.sync { session.access } == .denied })
            queue.sync { session.press() }
            #expect(queue.sync { session.phase } == .idle)
            #expect(events.value.contains(.hint(.accessOff, text: "Microphone access is off")))
        }
    }
}
