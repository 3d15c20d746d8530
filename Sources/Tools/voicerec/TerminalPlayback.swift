import ArgumentParsing
import Foundation
import VoiceRecorderPulseAudio

/// What the terminal's playback needs of a player: to start, to stop, and its length. The player reports its
/// position and its end through the `PlayerEvents` it was made with.
protocol TerminalPlayer: AnyObject {
    /// Starts playing; throws when no sound server is reachable.
    func play() throws(PulseAudioError)
    /// Stops at once.
    func stop()
    /// The length of what is played, in seconds.
    var duration: Double { get }
}

extension PulseAudioPlayer: TerminalPlayer {}

/// Where a player reports to (from its own thread).
struct PlayerEvents {
    /// The position heard, in seconds, at least ten times a second while playing.
    let onPosition: @Sendable (Double) -> Void
    /// The end was played, or playback failed.
    let onFinished: @Sendable (PlaybackEnd) -> Void
}

/// Playing through the sound server with a progress line on the terminal until the end or Ctrl-C: what
/// `voicerec play` and `voicerec memos play` both do.
enum TerminalPlayback {
    /// Plays what `makePlayer` makes of `path`. Returns 1 (after one line on stderr) when the player can't be made
    /// (its words name the file) or no sound server is reachable; otherwise never returns: it exits 0 at the end
    /// or on Ctrl-C, and 1 when playback breaks off.
    static func run(command: String, path: String, makePlayer: (PlayerEvents) throws -> any TerminalPlayer) -> Int32 {
        let terminal = Terminal()
        // The progress line needs the length, known once the player is made; both are read on the main queue.
        let length = MainQueueBox(0.0)
        let events = PlayerEvents(
            onPosition: { position in
                DispatchQueue.main.async {
                    terminal.status(ProgressText.line(position: position, duration: length.value))
                }
            },
            onFinished: { end in
                DispatchQueue.main.async {
                    terminal.restore()
                    if case .failed(let error) = end {
                        Output.failure(command, path: path, PlaybackFailure(underlying: error))
                        exit(ExitStatus.failure)
                    }
                    exit(ExitStatus.success)
                }
            })
        let player: any TerminalPlayer
        do {
            player = try makePlayer(events)
        } catch {
            Output.failure(command, path: path, error)
            return ExitStatus.failure
        }
        length.value = player.duration
        do throws(PulseAudioError) {
            try player.play()
        } catch {
            Output.error("voicerec \(command): no sound server is reachable (\(error.message))")
            return ExitStatus.failure
        }
        let interrupt = onSignal(SIGINT) {
            player.stop()
            terminal.restore()
            exit(ExitStatus.success)
        }
        _ = interrupt
        dispatchMain()
    }
}

/// A value set and read on the main queue only, shared with closures the compiler must see as sendable.
/// `@unchecked Sendable`: `value` is set on the main thread before playing, then read on the main queue only
private final class MainQueueBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Playback that broke off midway, in words.
private struct PlaybackFailure: Error, CustomStringConvertible {
    let underlying: any Error
    var description: String { "playback failed: \(underlying)" }
}
