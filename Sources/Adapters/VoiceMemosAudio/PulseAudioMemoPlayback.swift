import Foundation
import VoiceMemos
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio

/// One memo playing through a `PulseAudioPlayer`: stop, seek and speed in memo time, failures reported once.
/// `@unchecked Sendable`: immutable after init: `let`s of the thread-safe player and its `ReportGate`
final class PulseAudioMemoPlayback: MemoPlayback, @unchecked Sendable {
    private let player: PulseAudioPlayer
    private let gate: ReportGate

    init(player: PulseAudioPlayer, gate: ReportGate) {
        self.player = player
        self.gate = gate
    }

    func stop() {
        // Closed first: once a report in flight on the server's thread has returned, none passes, even before the
        // player has stopped its thread.
        gate.close()
        player.stop()
    }

    func seek(to position: Double) {
        guard position.isFinite else { return }
        do {
            try player.seek(to: position)
        } catch {
            fail(error)
        }
    }

    func setRate(_ rate: Double) {
        do {
            try player.setRate(rate)
        } catch {
            fail(error)
        }
    }

    /// A seek or a speed change that the file or the filter refused ends the playback, as the port says.
    private func fail(_ error: Error) {
        gate.end(.failed("\(error)"))
        player.stop()
    }

    /// Dropping the playback stops its audio: nothing else could stop it any more.
    deinit { stop() }
}

/// Where a playback's reports pass, one at a time: at most one ending, and nothing once closed.
///
/// The player already delivers one report at a time on its thread; this gate also orders the failures the playback
/// itself finds (a refused seek, on the caller's thread) with them, and makes `stop()` wait for a report in flight.
/// Recursive, so a report whose receiver stops or seeks the playback at once does not deadlock.
/// `@unchecked Sendable`: `isOpen` is read and written under `lock`; `reports` is a `let` `@Sendable` closure
final class ReportGate: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var isOpen = true
    private let reports: @Sendable (PlaybackReport) -> Void

    init(_ reports: @escaping @Sendable (PlaybackReport) -> Void) { self.reports = reports }

    /// Passes a position on, unless the playback ended or was stopped.
    func report(_ report: PlaybackReport) {
        lock.withLock {
            guard isOpen else { return }
            reports(report)
        }
    }

    /// Passes the ending on, once; nothing passes after it.
    func end(_ report: PlaybackReport) {
        lock.withLock {
            guard isOpen else { return }
            isOpen = false
            reports(report)
        }
    }

    /// Lets nothing through any more; returns once a report in flight (on another thread) has returned.
    func close() {
        lock.withLock { isOpen = false }
    }
}
