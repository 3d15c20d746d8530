import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    /// A Session with preview on writing real files (SPEC D.2, D.5): the simulated voice on virtual time, the real
    /// M4A writer, paused, listened to, resumed, trimmed and sent.
    @Suite struct SessionTrimmedTakeTests {
        @Test func aTrimmedTakeIsSentAsAFileOfExactlyTheKeptRange() throws {
            let directory = try ScratchDirectory()
            let scheduler = VirtualScheduler()
            let players = RecordingPlayers()
            let session = Session(
                source: SimulatedAudioSource(scheduler: scheduler),
                writers: M4ATakeWriterFactory(directory: directory.url), scheduler: scheduler, preview: true,
                players: players)
            var sent: [Recording] = []
            session.events.observe { event in
                if case .sent(let recording, _) = event { sent.append(recording) }
            }

            session.start()
            scheduler.advance(to: 2)
            session.pause()
            scheduler.advance(to: 2.5)
            session.resume()
            scheduler.advance(to: 4)
            session.pause()
            let length = session.elapsed
            #expect(abs(length - 3.5) < 0.05)

            // Listening reads the paused take's file as it is: all of it but what the encoder still holds.
            session.play()
            let playback = try #require(players.playbacks.last)
            let (_, heard) = try AudioFileReader.decode(playback.url) { _ in }
            let readable = Double(heard - 1_024) / 24_000
            #expect(readable > length - 0.13 && readable <= length, "\(readable) s of \(length) s readable")
            session.pausePlayback()

            session.trim(start: 0.5, end: 3)
            scheduler.advance(to: 5)
            session.send()

            let recording = try #require(sent.first)
            // 0.5–3 s keeps frames 12,000–72,000; the file plays from the first AAC frame boundary in them.
            let kept = try #require(recording.keptFrames)
            #expect(kept == 12_288 ..< 72_000)
            #expect(abs(recording.duration - 2.488) <= 1 / 24_000, "\(recording.duration)")
            let (info, frames) = try AudioFileReader.decode(recording.url) { _ in }
            #expect(abs(try #require(info.duration) - recording.duration) <= 1 / 24_000, "the file's duration")
            #expect(frames == kept.count)
            let fileWindows = try AudioFileReader.waveform(of: recording.url)
            #expect(fileWindows.count == recording.samples.count)
            for (inFile, sentWindow) in zip(fileWindows, recording.samples) {
                #expect(abs(inFile - sentWindow) < 0.05, "the recording's windows are the file's")
            }
            if ffprobeIsInstalled {
                let stored = try StoredPackets(of: recording.url)
                #expect(stored.sizes.count == StoredPackets.expectedCount(playing: kept))
                #expect(Int64(stored.sizes.reduce(0, +)) == stored.mediaBytes)
            }
            #expect(try directory.contents() == [recording.url.lastPathComponent])
            #expect(session.capturesRunning == 0)
        }
    }
}
