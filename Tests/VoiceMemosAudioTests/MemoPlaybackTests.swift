import Foundation
import Testing
import VoiceMemos
import VoiceMemosAudio
import VoiceRecorderPulseAudio
import VoiceRecorderTestSupport

/// Against a private PulseAudio server (a null sink): a real `.m4a` decoded by FFmpeg, sped up by `atempo`, played
/// by the PulseAudio player; positions in memo time, timings on the wall clock.
extension PulseAudioMemoPlayerTests {
    @Suite struct Playing {
        /// A 2 s memo at 2× ends in about 1 s of listening, at 1.5× in about 1.33 s, at 1× in 2 s; positions climb to
        /// 2.0 (memo time) at `rate` memo seconds per second, at least ten times a second, never backwards; it ends
        /// with `.finished`, once, and nothing after it.
        @Test(arguments: [2.0, 1.5, 1.0])
        func aMemoPlaysInItsLengthDividedByTheRate(rate: Double) async throws {
            let memo = try MemoFile(seconds: 2)
            try await withAwakeSoundServer { server in
                let player = PulseAudioMemoPlayer(server: server.address)
                let log = ReportLog()
                let startedAt = log.now
                let playback = try player.play(memo.url, from: 0, rate: rate, reports: log.reports)
                defer { playback.stop() }
                #expect(await wait(timeout: 4, interval: 0.005) { !log.endings.isEmpty })
                let endedAt = try #require(log.endings.first?.at)
                let took = endedAt - startedAt
                let expected = 2 / rate
                let positions = log.positions
                // Reports per second of listening, and the longest silence between two.
                let perSecond = Double(positions.count) / took
                let gap = longestGap(positions.map(\.at))
                let moving = positions.filter { $0.position > 0.1 && $0.position < 1.9 }
                let speed = slope(moving.map { ($0.position, $0.at) })
                print(
                    """
                    2 s memo at \(rate)×: finished after \(String(format: "%.3f", took)) s (\(String(format: "%.3f", expected)) \
                    expected), \(positions.count) positions (\(String(format: "%.1f", perSecond))/s, longest gap \
                    \(String(format: "%.3f", gap)) s), moving at \(String(format: "%.3f", speed)) memo s per s
                    """)
                #expect(took > expected - 0.05 && took < expected + 0.3)
                #expect(perSecond >= 10)
                #expect(gap < 0.1 + 0.05)
                #expect(isMonotonic(positions.map(\.position)))
                #expect(abs(log.lastPosition - 2) < 0.02, "positions reach the memo's end, in memo time")
                // The slope of positions against when they arrived: with both cores busy (the whole suite runs in
                // parallel) reports bunch up, so it is judged to 15 % (1.5× for 2× is still 25 % off); `took` above
                // holds the rate to the audio's own length.
                #expect(abs(speed - rate) < rate * 0.15, "a second of listening moves the position by the rate")
                // Half way through the listening, about half the memo was heard.
                let halfway = try #require(positions.first { $0.at - startedAt >= took / 2 })
                #expect(abs(halfway.position - 1) < 0.25)

                // Finished, the player closes its connection: anything more it had to say would have come before.
                #expect(await server.waitUntilDisconnected("Voice Memos"), "the connection is closed")
                #expect(log.endings.map(\.report) == [.finished])
                #expect(log.entries.last?.report == .finished, "nothing after the end")
                #expect(!log.didOverlap, "one report at a time")
                #expect(try server.playingStreams().isEmpty, "the stream is gone")
            }
        }

        @Test func playingFromAPositionStartsThereInMemoTime() async throws {
            let memo = try MemoFile(seconds: 2)
            try await withAwakeSoundServer { server in
                let log = ReportLog()
                let startedAt = log.now
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(memo.url, from: 1.2, rate: 2, reports: log.reports)
                defer { playback.stop() }
                #expect(await wait(timeout: 3, interval: 0.005) { !log.endings.isEmpty })
                let took = try #require(log.endings.first?.at) - startedAt
                print("from 1.2 s of 2 s at 2×: finished after \(String(format: "%.3f", took)) s (0.4 expected)")
                #expect(took > 0.35 && took < 0.7)
                let positions = log.positions.map(\.position)
                #expect(positions.allSatisfy { $0 >= 1.2 })
                #expect(isMonotonic(positions))
                #expect(log.endings.map(\.report) == [.finished])
            }
        }

        /// From 1× to 2× once 0.6 s of a 3 s memo was heard: the position goes on from where it was (no jump back,
        /// none ahead beyond one report's worth), then moves twice as fast, and the memo ends about 1.2 s later
        /// instead of 2.4 s. (3 s, not 2: a loaded machine that notices the 0.6 s late still leaves a second to see.)
        @Test func changingTheSpeedWhilePlayingKeepsThePositionAndEndsEarly() async throws {
            let memo = try MemoFile(seconds: 3)
            try await withAwakeSoundServer { server in
                let log = ReportLog()
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(memo.url, from: 0, rate: 1, reports: log.reports)
                defer { playback.stop() }
                #expect(await wait(timeout: 3, interval: 0.005) { log.lastPosition >= 0.6 })
                let before = log.lastPosition
                let changedAt = log.now
                playback.setRate(2)
                log.mark()
                let returnedAt = log.now
                #expect(await wait(timeout: 3, interval: 0.005) { !log.endings.isEmpty })
                let took = try #require(log.endings.first?.at) - changedAt
                let expected = (3 - before) / 2
                let positions = log.positions
                let after = positions.filter { $0.marks == 1 }
                let first = try #require(after.first)
                let speedAfter = slope(after.filter { $0.position < 2.9 }.map { ($0.position, $0.at) })
                print(
                    """
                    1× → 2× at \(String(format: "%.3f", before)) s (the call took \
                    \(String(format: "%.1f", (returnedAt - changedAt) * 1_000)) ms): next position \
                    \(String(format: "%.3f", first.position)) s, then \(String(format: "%.3f", speedAfter)) memo s per s, \
                    finished \(String(format: "%.3f", took)) s later (\(String(format: "%.3f", expected)) expected)
                    """)
                #expect(isMonotonic(positions.map(\.position)), "continuous: never backwards")
                #expect(first.position - before < 0.2, "continuous: no leap ahead")
                #expect(abs(speedAfter - 2) < 0.2, "twice as fast from the change")
                #expect(took > expected - 0.05 && took < expected + 0.3)
                #expect(abs(log.lastPosition - 3) < 0.02)
                #expect(log.endings.map(\.report) == [.finished])
            }
        }

        /// A seek at 1.5× in a 3 s memo, once 0.3 s was heard: every report after `seek(to:)` has returned is from
        /// the new position on, and the rest (1 s of memo) takes 1 / 1.5 s.
        @Test func seekingAtOnePointFiveIsInMemoTime() async throws {
            let memo = try MemoFile(seconds: 3)
            try await withAwakeSoundServer { server in
                let log = ReportLog()
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(memo.url, from: 0, rate: 1.5, reports: log.reports)
                defer { playback.stop() }
                #expect(await wait(timeout: 3, interval: 0.005) { log.lastPosition >= 0.3 })
                let seekedAt = log.now
                playback.seek(to: 2)
                log.mark()
                #expect(await wait(timeout: 3, interval: 0.005) { !log.endings.isEmpty })
                let took = try #require(log.endings.first?.at) - seekedAt
                let after = log.positions.filter { $0.marks == 1 }
                print(
                    """
                    seek to 2 s of 3 s at 1.5×: first position after it \
                    \(String(format: "%.3f", after.first?.position ?? -1)) s, finished \(String(format: "%.3f", took)) s \
                    later (0.667 expected)
                    """)
                #expect(after.allSatisfy { $0.position >= 2 }, "from the new position")
                #expect((after.first?.position ?? 9) < 2.15)
                #expect(isMonotonic(after.map(\.position)))
                #expect(took > 0.6 && took < 0.667 + 0.3)
                #expect(abs(slope(after.filter { $0.position < 2.9 }.map { ($0.position, $0.at) }) - 1.5) < 0.2)
                #expect(abs(log.lastPosition - 3) < 0.02)
                #expect(log.endings.map(\.report) == [.finished])
            }
        }

        @Test func stopEndsTheReportsAndTheStream() async throws {
            let memo = try MemoFile(seconds: 3)
            try await withAwakeSoundServer { server in
                let log = ReportLog()
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(memo.url, from: 0, rate: 2, reports: log.reports)
                #expect(await wait(timeout: 3, interval: 0.005) { log.lastPosition >= 0.4 })
                #expect(try server.playingStreams().count == 1)
                let stoppedAt = log.now
                playback.stop()
                let reported = log.entries.count
                #expect(log.now - stoppedAt < 0.2, "at once")
                playback.stop()
                #expect(await server.waitUntilDisconnected("Voice Memos"), "the connection is closed")
                #expect(log.entries.count == reported, "nothing after stop() returned")
                #expect(log.endings.isEmpty, "stopping is not finishing")
                #expect(try server.playingStreams().isEmpty, "the device is released")
                // Safe after the end, too.
                playback.seek(to: 1)
                playback.setRate(1.5)
                #expect(log.entries.count == reported)
            }
        }

        /// A report's receiver may stop the playback from inside the report (on the server's thread).
        @Test func stoppingFromInsideAReportDoesNotDeadlock() async throws {
            let memo = try MemoFile(seconds: 2)
            try await withAwakeSoundServer { server in
                let log = ReportLog()
                let holder = PlaybackHolder()
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(
                        memo.url, from: 0, rate: 1.5,
                        reports: { report in
                            log.reports(report)
                            if case .position(let seconds) = report, seconds > 0.3 { holder.playback?.stop() }
                        })
                holder.playback = playback
                #expect(await wait(timeout: 3, interval: 0.005) { log.lastPosition > 0.3 })
                let reported = log.entries.count
                #expect(await server.waitUntilDisconnected("Voice Memos"), "the connection is closed")
                #expect(log.entries.count == reported)
                #expect(try server.playingStreams().isEmpty)
            }
        }

        /// A speed the filter refuses, asked while playing: `.failed` with the words, once, and the audio stops.
        @Test func aRefusedSpeedFailsOnceWithWords() async throws {
            let memo = try MemoFile(seconds: 2)
            try await withAwakeSoundServer { server in
                let log = ReportLog()
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(memo.url, from: 0, rate: 1, reports: log.reports)
                defer { playback.stop() }
                #expect(await wait(timeout: 3, interval: 0.005) { log.lastPosition >= 0.2 })
                playback.setRate(3)
                playback.setRate(4)
                #expect(log.endings.map(\.report) == [.failed("cannot play at 3×: the speed must be from 0.5× to 2×")])
                let reported = log.entries.count
                #expect(await server.waitUntilDisconnected("Voice Memos"), "the connection is closed")
                #expect(log.entries.count == reported, "nothing after the failure")
                #expect(try server.playingStreams().isEmpty)
            }
        }
    }
}

/// Holds a playback for a report closure made before it exists.
private final class PlaybackHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var held: MemoPlayback?
    var playback: MemoPlayback? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}
