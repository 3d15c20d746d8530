import Synchronization
import Testing
import VoiceRecorder

/// The tap the live transcript listens on (SPEC K): the take gets each buffer first, the listener after, and a
/// listener that has been replaced is never the one that stops the next.
@Suite struct AudioTapTests {
    final class Heard: Sendable {
        let events = Mutex<[String]>([])
        func note(_ event: String) { events.withLock { $0.append(event) } }
    }

    final class Owner {}

    /// A capture that hands on two buffers as it starts.
    final class TwoBuffers: AudioCapture, Sendable {
        func prepare() {}
        func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
            handler(.started)
            handler(.samples([0.1, 0.2]))
            handler(.samples([0.3]))
        }
        func stop() {}
    }

    struct TwoBufferSource: AudioSource {
        func accessStatus() -> AccessStatus { .granted }
        func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
        func makeCapture() throws -> AudioCapture { TwoBuffers() }
    }

    @Test func theTakeHearsEachBufferBeforeTheListener() throws {
        let tap = AudioTap()
        let heard = Heard()
        let owner = Owner()
        tap.listen(for: owner) { heard.note("tap \($0.count)") }
        let capture = try TappedAudioSource(TwoBufferSource(), tap: tap).makeCapture()
        capture.start { event in
            switch event {
            case .started: heard.note("started")
            case .samples(let samples): heard.note("take \(samples.count)")
            default: break
            }
        }
        #expect(heard.events.withLock { $0 } == ["started", "take 2", "tap 2", "take 1", "tap 1"])
    }

    @Test func onlyTheListenerStillListeningCanBeStopped() throws {
        let tap = AudioTap()
        let heard = Heard()
        let first = Owner()
        let second = Owner()
        tap.listen(for: first) { _ in heard.note("first") }
        tap.listen(for: second) { _ in heard.note("second") }
        tap.stopListening(for: first)  // late: the second stays
        try TappedAudioSource(TwoBufferSource(), tap: tap).makeCapture().start { _ in }
        tap.stopListening(for: second)
        try TappedAudioSource(TwoBufferSource(), tap: tap).makeCapture().start { _ in }
        #expect(heard.events.withLock { $0 } == ["second", "second"])
    }
}
