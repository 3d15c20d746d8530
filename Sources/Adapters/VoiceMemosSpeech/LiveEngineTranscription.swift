import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder

/// One take's live transcript: its engine process, the queue that writes the take's audio to it, and what it has
/// reported. Made by `LiveSpeechEngine`.
final class LiveEngineTranscription: LiveTranscription, Sendable {
    private struct State {
        var engine: EngineProcess?
        /// Bytes queued for the engine and not yet written.
        var backlog = 0
        /// Nothing more is reported (cancelled, ended or given up).
        var isOver = false
        var isFinishing = false
        /// The engine said every word is settled; it is exiting.
        var sawEnd = false
    }
    private let state = Mutex(State())
    private let report: @Sendable (LiveTranscriptUpdate) -> Void
    private let backlogBytes: Int
    private let finishLimit: Duration
    /// Writes the audio to the engine, in order; a write blocks while the engine's pipe is full.
    private let writer = DispatchQueue(label: "voicerecorder.live-transcript.audio")
    /// Where the take's audio comes from: it is let go of as soon as the transcript stops wanting it.
    private let tap: AudioTap

    init(
        tap: AudioTap, report: @escaping @Sendable (LiveTranscriptUpdate) -> Void, backlogBytes: Int,
        finishLimit: Duration
    ) {
        self.tap = tap
        self.report = report
        self.backlogBytes = backlogBytes
        self.finishLimit = finishLimit
    }

    /// A transcription let go of takes its engine with it (its callbacks hold it weakly).
    deinit { state.withLock { $0.engine }?.kill() }

    /// Starts `engine`, whose lines become reports.
    func run(_ engine: EngineProcess) throws {
        state.withLock { $0.engine = engine }
        try engine.start(
            onLine: { [weak self] _, line in self?.heard(line) },
            onExit: { [weak self] _, _ in self?.exited() })
    }

    /// One buffer of the take: converted here, on the capture's thread, and written from the writer queue.
    func hear(_ samples: [Float]) {
        let pcm = Self.pcm16(samples)
        let engine = state.withLock { state -> EngineProcess? in
            guard !state.isOver, !state.isFinishing, state.backlog + pcm.count <= backlogBytes else { return nil }
            state.backlog += pcm.count
            return state.engine
        }
        guard let engine else {
            if state.withLock({ !$0.isOver && !$0.isFinishing }) { give(up: "the speech engine fell behind the take") }
            return
        }
        writer.async { [self] in
            engine.write(pcm)
            state.withLock { $0.backlog -= pcm.count }
        }
    }

    /// Mono float samples as signed 16-bit little-endian PCM, what the engine reads.
    static func pcm16(_ samples: [Float]) -> Data {
        var pcm = Data(count: samples.count * 2)
        pcm.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: Int16.self)
            for (index, sample) in samples.enumerated() {
                out[index] = Int16((max(-1, min(1, sample)) * 32767).rounded()).littleEndian
            }
        }
        return pcm
    }

    func finish() {
        let engine = state.withLock { state -> EngineProcess? in
            guard !state.isOver, !state.isFinishing else { return nil }
            state.isFinishing = true
            return state.engine
        }
        guard let engine else { return }
        tap.stopListening(for: self)
        // After the audio already queued: the end of the engine's input is the end of the take.
        writer.async { engine.quit() }
        DispatchQueue.global().asyncAfter(deadline: .now() + finishLimit.timeInterval) { [weak self] in
            self?.give(up: "the speech engine took too long to settle the take's last words")
        }
    }

    func cancel() {
        let engine = state.withLock { state -> EngineProcess? in
            defer { state.isOver = true }
            return state.isOver ? nil : state.engine
        }
        tap.stopListening(for: self)
        engine?.kill()
    }

    /// Ends the transcript with `.unavailable(reason)` unless it is already over; the engine, if any, is killed.
    func give(up reason: String) {
        if end(with: .unavailable(reason)) { state.withLock { $0.engine }?.kill() }
    }

    /// Reports `update`, the last report, unless the transcript is already over; whether it was not. Reported
    /// under the lock, so that nothing is reported once `cancel()` has returned.
    @discardableResult
    private func end(with update: LiveTranscriptUpdate) -> Bool {
        let ended = state.withLock { state in
            guard !state.isOver else { return false }
            state.isOver = true
            report(update)
            return true
        }
        if ended { tap.stopListening(for: self) }
        return ended
    }

    private func heard(_ line: String) {
        guard let message = LiveEngineMessage(line: line) else {
            return give(up: "the speech engine answered with something that is not a transcript")
        }
        switch message {
        case .ready:
            break
        case .unavailable(let reason):
            give(up: reason)
        case .update(let update):
            // Under the lock, so that nothing is reported once `cancel()` has returned.
            state.withLock { state in
                if !state.isOver { report(update) }
            }
        case .end:
            state.withLock { $0.sawEnd = true }
        }
    }

    /// The engine's process has ended: `.ended` if it settled every word first (so no engine is left once it is
    /// reported), else the transcript is given up.
    private func exited() {
        if state.withLock({ $0.sawEnd }) {
            end(with: .ended)
        } else {
            give(up: "the speech engine stopped before the take's words were settled")
        }
    }
}
