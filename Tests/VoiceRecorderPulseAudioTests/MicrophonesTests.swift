import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

/// What a follow of the server's sources has handed out, in order.
private final class ListingLog: Sendable {
    private let lists = Locked<[[Microphone]]>([])
    var handler: @Sendable ([Microphone]) -> Void { { [lists] list in lists.withLock { $0.append(list) } } }
    var latest: [Microphone] { lists.value.last ?? [] }
    var count: Int { lists.value.count }
}

/// The sources of a real server, listed and followed (SPEC F.1): made, removed, muted and made the default while a
/// follow runs, each seen within a second.
extension PulseAudioTests {
    @Suite struct Microphones {
        @Test func listsSourcesWithTheirDescriptionMonitorMuteAndDefault() async throws {
            try await withSoundServer { server in
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                try server.setMute(true, source: headset.name)
                // The server makes a new microphone its default; the desktop's choice may be a monitor.
                try server.setDefaultSource(server.monitorName)
                let sources = try PulseAudioMicrophones(server: server.address).list()
                let listed = try #require(sources.first { $0.name == "usb_headset" })
                #expect(listed.description == "USB Headset" && !listed.isMonitor && listed.isMuted && !listed.isDefault)
                let monitor = try #require(sources.first { $0.name == server.monitorName })
                #expect(monitor.isMonitor && monitor.isDefault && !monitor.isMuted)
                // The menu's list: monitors left out but the default (here a monitor) kept, and first.
                #expect(sources.choosable.map(\.name).first == server.monitorName)
                #expect(!sources.choosable.contains { $0.name == "\(headset.sinkName).monitor" })
                #expect(sources.matching("usb headset")?.name == "usb_headset", "a description matches, case ignored")
            }
        }

        @Test func followsASourceMadeAndRemovedWithinASecond() async throws {
            try await withSoundServer { server in
                let log = ListingLog()
                let following = PulseAudioMicrophones(server: server.address).follow(log.handler)
                defer { following.stop() }
                #expect(await wait(timeout: 2) { log.latest.contains { $0.name == server.monitorName } })

                let made = Date()
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                #expect(await wait(timeout: 1) { log.latest.contains { $0.name == "usb_headset" } }, "added within 1 s")
                #expect(Date().timeIntervalSince(made) < 1)

                try server.setMute(true, source: headset.name)
                #expect(await wait(timeout: 1) { log.latest.first { $0.name == "usb_headset" }?.isMuted == true })
                try server.setDefaultSource(headset.name)
                #expect(await wait(timeout: 1) { log.latest.first { $0.name == "usb_headset" }?.isDefault == true })

                let removed = Date()
                try server.remove(headset)
                #expect(await wait(timeout: 1) { !log.latest.contains { $0.name == "usb_headset" } }, "gone within 1 s")
                #expect(Date().timeIntervalSince(removed) < 1)
            }
        }

        @Test func unmutesASourceOnTheServer() async throws {
            try await withSoundServer { server in
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                try server.setMute(true, source: headset.name)
                PulseAudioMicrophones(server: server.address).unmute(headset.name)
                #expect(await wait(timeout: 2) { (try? server.isMuted(source: headset.name)) == false })
                #expect(throws: PulseAudioError.self) {
                    try PulseAudioMicrophones(server: server.address).setMute(false, sourceNamed: "no_such_source")
                }
            }
        }

        @Test func aServerThatGoesAwayIsAnEmptyList() async throws {
            try await withSoundServer { server in
                let log = ListingLog()
                let following = PulseAudioMicrophones(server: server.address).follow(log.handler)
                defer { following.stop() }
                #expect(await wait(timeout: 2) { !log.latest.isEmpty })
                server.kill()
                #expect(await wait(timeout: 2) { log.latest.isEmpty }, "no server, no sources")
            }
        }

        @Test func aServerThatNeverAnswersTheSourceQueryDoesNotDelayATake() async throws {
            let server = try AccessCheck.SilentServer()
            let queue = DispatchQueue(label: "session")
            let scheduler = DispatchScheduler(queue: queue)
            let session = queue.sync {
                let session = Session(
                    source: SimulatedAudioSource(scheduler: scheduler), writers: CountingWriterFactory(),
                    scheduler: scheduler)
                session.follow(PulseAudioMicrophones(server: server.address, timeout: 1), recordingFrom: nil)
                return session
            }
            let started = Date()
            queue.sync { session.start() }
            #expect(await wait(timeout: 0.5) { queue.sync { session.elapsed } > 0 }, "audio started")
            #expect(Date().timeIntervalSince(started) < 0.3, "the take started at once")
            #expect(queue.sync { session.microphones.isEmpty }, "the server has still not answered")
        }

        @Test func noServerIsAnEmptyList() async throws {
            let log = ListingLog()
            let following = PulseAudioMicrophones(server: "unix:/nonexistent/pulse/native").follow(log.handler)
            defer { following.stop() }
            #expect(await wait(timeout: 1) { log.count == 1 })
            #expect(log.latest.isEmpty)
        }
    }
}
