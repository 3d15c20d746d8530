import Testing
import VoiceRecorder
import VoiceRecorderTestSupport

@testable import voicerec

/// `voicerec record --duration S`'s source: exactly S seconds of its base's audio, and the same fast start as
/// without it — the base's stream is requested as soon as the take begins, while the file is set up.
@Suite("voicerec record --duration: the exact-length source")
struct ExactDurationSourceTests {
    @Test func aTakeOfAnExactLengthPreparesItsMicrophoneBeforeTheFileIsMade() throws {
        let scheduler = VirtualScheduler()
        let base = CheapAudioSource(scheduler: scheduler)
        let source = ExactDurationSource(base, seconds: 1) {}
        let writers = CountingWriterFactory()
        let session = Session(source: source, writers: writers, scheduler: scheduler)
        session.start()
        let capture = try #require(base.captures.first)
        #expect(capture.wasPrepared, "the stream was asked for: the fast start (launch to stream) holds")
        #expect(capture.wasStarted)
        session.cancel()
    }

    @Test func itHandsOnExactlyItsFramesThenSaysItIsComplete() throws {
        let scheduler = VirtualScheduler()
        let base = CheapAudioSource(scheduler: scheduler)
        base.framesPerBuffer = 2_400
        let completions = Locked(0)
        let source = ExactDurationSource(base, seconds: 0.25) { completions.withLock { $0 += 1 } }
        let capture = try source.makeCapture()
        let log = CaptureLog()
        capture.start(handler: log.handler)
        scheduler.advance(to: 1)
        capture.stop()
        #expect(log.samples.count == 6_000, "0.25 s at 24 kHz, the buffer that crossed the end cut inside")
        #expect(completions.withLock { $0 } == 1)
    }
}
