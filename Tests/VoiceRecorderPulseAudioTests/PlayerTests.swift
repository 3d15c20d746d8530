import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

extension PulseAudioTests {
    @Suite struct Playback {
        @Test func aToneIsHeardAndPositionsClimbToTheDuration() async throws {
            try await withSoundServer { server in
                let recorder = PulseAudioCapture(server: server.address)
                let heard = CaptureLog()
                recorder.start(handler: heard.handler)
                defer { recorder.stop() }
                #expect(await wait(timeout: 3) { heard.startedAt != nil })

                let log = PlaybackLog()
                let player = PulseAudioPlayer(
                    source: ToneSource(frequency: 440, duration: 1), server: server.address,
                    onPosition: log.onPosition, onFinished: log.onFinished)
                let playStartedAt = Date()
                try player.play()
                defer { player.stop() }
                #expect(await wait(timeout: 3) { !log.ends.isEmpty })
                let took = Date().timeIntervalSince(playStartedAt)
                print("1 s tone finished after \(String(format: "%.3f", took)) s, \(log.positions.count) positions")
                #expect(log.ends == [.completed])
                #expect(took > 0.9 && took < 1.6)

                let positions = log.positions
                #expect(positions.count >= 10)
                #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic")
                #expect(abs((positions.last ?? 0) - 1) < 0.02)
                // Positions follow what is heard: halfway through the wall time, about half was played.
                #expect(positions.contains { $0 > 0.2 && $0 < 0.8 })

                // The recorder hears the tone's last samples a moment after the player has played them.
                let heardAtTheEnd = heard.samples.count
                #expect(await wait(timeout: 3) { heard.samples.count >= heardAtTheEnd + 2_400 }, "0.1 s more heard")
                recorder.stop()
                let samples = heard.samples
                let loud = samples.enumerated().filter { abs($0.element) > 0.3 }.map(\.offset)
                let first = try #require(loud.first)
                let last = try #require(loud.last)
                let toneSeconds = Double(last - first) / 24_000
                let frequency = dominantFrequency(Array(samples[first ... last]))
                print("heard \(String(format: "%.3f", toneSeconds)) s of tone at \(Int(frequency)) Hz")
                #expect(abs(toneSeconds - 1) < 0.05)
                #expect(abs(frequency - 440) < 10)
            }
        }

        @Test func aSourceThatNeverYieldsAudioFailsInsteadOfSpinning() async throws {
            try await withSoundServer { server in
                // The source fails in the stream's first write, which can come before play() has seen the stream
                // ready: several tries, so that order is met too (play() must not throw then; the end is reported);
                // fewer than the server's 64 clients, as closing connections may hold theirs for a moment.
                for _ in 0 ..< 30 {
                    let log = PlaybackLog()
                    let player = PulseAudioPlayer(
                        source: SilentForeverSource(), server: server.address,
                        onPosition: log.onPosition, onFinished: log.onFinished)
                    try player.play()
                    defer { player.stop() }
                    #expect(await wait(timeout: 3) { !log.ends.isEmpty })
                    guard case .failed(let error)? = log.ends.first else {
                        Issue.record("expected a failure, got \(log.ends)")
                        return
                    }
                    #expect(error.message.contains("stopped producing audio"))
                }
            }
        }

        @Test func stoppingFromAnotherThreadAsThePlaybackEndsNeverHangs() async throws {
            // The apps answer the end on their own thread, and that answer stops the player. The end is reported on
            // the connection's thread, which then lets go of the connection: when it waited for the stop while the
            // stop waited for it, both hung (the demo froze at a message's end, about once in twenty plays under
            // load). A thread already waiting is woken by the end and stops the player at once, many times over:
            // which thread gets there first is chance, so the hang, when there is one, is met by some of the runs.
            try await withSoundServer { server in
                for _ in 0 ..< 20 {
                    let ended = DispatchSemaphore(value: 0)
                    let stopped = DispatchSemaphore(value: 0)
                    let holder = Locked<PulseAudioPlayer?>(nil)
                    Thread.detachNewThread {
                        ended.wait()
                        holder.withLock { $0 }?.stop()
                        stopped.signal()
                    }
                    let player = PulseAudioPlayer(
                        source: ToneSource(frequency: 440, duration: 0.05), server: server.address,
                        onFinished: { _ in ended.signal() })
                    holder.withLock { $0 = player }
                    try player.play()
                    #expect(stopped.wait(timeout: .now() + 5) == .success, "stop() returned")
                    holder.withLock { $0 = nil }
                }
            }
        }

        @Test func stopMidwayStopsAtOnce() async throws {
            try await withSoundServer { server in
                let log = PlaybackLog()
                let player = PulseAudioPlayer(
                    source: ToneSource(duration: 3), server: server.address,
                    onPosition: log.onPosition, onFinished: log.onFinished)
                try player.play()
                try server.waitForPlayback()
                #expect(await wait(timeout: 2) { (log.positions.last ?? 0) > 0.3 })
                let stoppedAt = Date()
                player.stop()
                player.stop()
                #expect(Date().timeIntervalSince(stoppedAt) < 0.2)
                let reported = log.positions.count
                #expect(try server.pactl("list", "short", "sink-inputs").isEmpty, "the stream is gone")
                #expect(await server.waitUntilDisconnected(player.applicationName), "the connection is closed")
                #expect(log.positions.count == reported)
                #expect(log.ends.isEmpty, "stopping is not finishing")
            }
        }

        /// Seeks in a 1.5 s tone once 0.3 s was heard: ahead, back, and to just before the end (less audio than the
        /// stream buffers before it starts playing). The player is the sink's only client, as it usually is: another
        /// low-latency client (a capture of the monitor) would keep the sink rendering in small blocks and hide a
        /// stall.
        @Test(arguments: [1.2, 0.1, 1.46])
        func seekPlaysOnFromTheNewPositionToTheEnd(target: Double) async throws {
            try await withSoundServer { server in
                let log = PlaybackLog()
                let tone = ToneSource(duration: 1.5)
                let player = PulseAudioPlayer(
                    source: tone, server: server.address, onPosition: log.onPosition, onFinished: log.onFinished)
                try player.play()
                defer { player.stop() }
                try server.waitForPlayback()
                #expect(await wait(timeout: 2) { (log.positions.last ?? 0) > 0.3 })

                let reportsBeforeSeek = log.positions.count
                let seekedAt = Date()
                try player.seek(to: target)
                #expect(tone.seeks == [target])
                #expect(player.position >= target)

                let remaining = 1.5 - target
                #expect(await wait(timeout: remaining + 1) { !log.ends.isEmpty }, "playback completes")
                let took = Date().timeIntervalSince(seekedAt)
                print("after seeking to \(target) s of 1.5 s, finished in \(String(format: "%.3f", took)) s")
                #expect(log.ends == [.completed])
                #expect(took > remaining - 0.05 && took < remaining + 0.5)

                let afterSeek = Array(log.positions.dropFirst(reportsBeforeSeek))
                #expect(afterSeek.allSatisfy { $0 >= target }, "positions continue from the seek")
                #expect(zip(afterSeek, afterSeek.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic after the seek")
                #expect(abs((afterSeek.last ?? 0) - 1.5) < 0.02, "positions reach the end")
                if remaining > 0.2 {
                    #expect(afterSeek.contains { $0 > target + 0.05 && $0 < 1.45 }, "positions climb in between")
                }
            }
        }

        /// The source was read to its end and the player is waiting for the last sample to be heard: a seek back
        /// must bring the stream back to asking for audio, and the end that was pending must not count.
        @Test func seekBackAfterTheSourceRanOutPlaysTheRestAgain() async throws {
            try await withSoundServer { server in
                let log = PlaybackLog()
                let tone = EndWatchingSource(ToneSource(duration: 1))
                let seeker = SeekOnceAtTheEnd(source: tone, target: 0.5)
                // Frequent reports, so one falls between the source running out and its last sample being heard
                // (the ~60 ms that are buffered).
                let player = PulseAudioPlayer(
                    source: tone, server: server.address, positionInterval: 0.01,
                    onPosition: { position in
                        log.onPosition(position)
                        seeker.check(reportsSoFar: log.positions.count)
                    },
                    onFinished: log.onFinished)
                seeker.player = player
                try player.play()
                defer { player.stop() }
                try server.waitForPlayback()

                #expect(await wait(timeout: 3) { !log.ends.isEmpty }, "playback completes")
                let seekedAt = try #require(seeker.seekedAt, "the source ran out while playing")
                let took = Date().timeIntervalSince(seekedAt)
                print("seeking back to 0.5 s after the source ran out, finished in \(String(format: "%.3f", took)) s")
                #expect(took > 0.45 && took < 1.0)
                #expect(tone.tone.seeks == [0.5])
                // Finished, the player closes its connection: a second end would have come before.
                #expect(await server.waitUntilDisconnected(player.applicationName), "the connection is closed")
                #expect(log.ends == [.completed], "finished once")

                let reportsBeforeSeek = try #require(seeker.reportsBeforeSeek)
                #expect(log.positions[reportsBeforeSeek - 1] > 0.9, "the seek came at the end")
                let afterSeek = Array(log.positions.dropFirst(reportsBeforeSeek))
                #expect(afterSeek.first.map { $0 >= 0.5 && $0 < 0.6 } == true, "positions restart at the seek")
                #expect(zip(afterSeek, afterSeek.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic after the seek")
                #expect(abs((afterSeek.last ?? 0) - 1) < 0.02, "positions reach the end again")
            }
        }

        @Test func noServerIsAClearError() throws {
            let player = PulseAudioPlayer(source: ToneSource(duration: 1), server: "unix:/tmp/vr-no-such-server/native")
            #expect {
                try player.play()
            } throws: { error in
                (error as? PulseAudioError)?.message == "Connection refused"
            }
            player.stop()
        }
    }
}

/// Passes a source through and notes when it ran out (on the player's thread, like every read).
private final class EndWatchingSource: PCMPullSource, Sendable {
    let tone: ToneSource
    private let ranOut = Locked(false)

    init(_ tone: ToneSource) { self.tone = tone }

    /// Whether the last read found the end.
    var hasRunOut: Bool { ranOut.value }

    func read(maxFrames: Int) throws -> [Float]? {
        let frames = try tone.read(maxFrames: maxFrames)
        ranOut.set(frames == nil)
        return frames
    }

    func seek(to seconds: Double) throws {
        try tone.seek(to: seconds)
        ranOut.set(false)
    }

    var duration: Double { tone.duration }
}

/// Seeks a player once, from its position callback, as soon as its source has run out.
private final class SeekOnceAtTheEnd: @unchecked Sendable {
    let source: EndWatchingSource
    let target: Double
    weak var player: PulseAudioPlayer?
    /// When the seek was made and how many positions had been reported then, once it was.
    private let seek = Locked<(at: Date, reportsBefore: Int)?>(nil)

    init(source: EndWatchingSource, target: Double) {
        self.source = source
        self.target = target
    }

    /// When the seek was made, if it was.
    var seekedAt: Date? { seek.value?.at }

    /// How many positions had been reported when the seek was made.
    var reportsBeforeSeek: Int? { seek.value?.reportsBefore }

    /// Called after every position report, with how many there were so far.
    func check(reportsSoFar: Int) {
        let due = seek.withLock { seek in
            guard seek == nil && source.hasRunOut else { return false }
            seek = (Date(), reportsSoFar)
            return true
        }
        if due { try? player?.seek(to: target) }
    }
}

/// A source that always answers with no frames and never ends: a stuck decoder.
final class SilentForeverSource: PCMPullSource {
    func read(maxFrames: Int) throws -> [Float]? { [] }
    func seek(to seconds: Double) throws {}
    var duration: Double { 1 }
}
