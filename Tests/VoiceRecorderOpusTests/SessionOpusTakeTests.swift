import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderTestSupport

@testable import VoiceRecorderOpus

extension OpusAdapterTests {
    /// A Session's `format` (SPEC G) with the real writers of both formats, the simulated voice on virtual time.
    @Suite struct SessionOpusTakeTests {
        static func session(in directory: ScratchDirectory, scheduler: VirtualScheduler, preview: Bool = false)
            -> (Session, () -> [Recording])
        {
            let session = Session(
                source: SimulatedAudioSource(scheduler: scheduler), writers: TakeWriters(directory: directory.url),
                scheduler: scheduler, preview: preview, players: preview ? RecordingPlayers() : nil)
            var sent: [Recording] = []
            session.events.observe { event in
                if case .sent(let recording, _) = event { sent.append(recording) }
            }
            return (session, { sent })
        }

        @Test func theFormatChoosesEachNewTakesFile() throws {
            let directory = try ScratchDirectory()
            let scheduler = VirtualScheduler()
            let (session, sent) = Self.session(in: directory, scheduler: scheduler)
            #expect(session.format == .aac, "AAC unless told")
            session.start()
            scheduler.advance(to: 2)
            session.send()
            session.format = .opus
            scheduler.advance(to: 3)
            session.start()
            scheduler.advance(to: 5.5)
            session.send()
            scheduler.advance(to: 6)

            let recordings = sent()
            #expect(recordings.map(\.url.pathExtension) == ["m4a", "ogg"])
            let opus = try #require(recordings.last)
            #expect(opus.url.lastPathComponent.hasPrefix("voice-"))
            let info = try OggOpusReader.info(of: opus.url)
            #expect(Double(info.frames) / 24_000 == opus.duration, "the duration sent is the file's, exactly")
            #expect(abs(opus.duration - 2.5) < 0.05)
            let fileWindows = try AudioFiles.waveform(of: opus.url)
            #expect(fileWindows.count == opus.samples.count)
            for (inFile, sentWindow) in zip(fileWindows, opus.samples) {
                #expect(abs(inFile - sentWindow) < 0.06, "the recording's windows are the file's")
            }
        }

        @Test func aPausedOpusTakeTrimmedIsSentAsExactlyTheKeptRange() throws {
            let directory = try ScratchDirectory()
            let scheduler = VirtualScheduler()
            let (session, sent) = Self.session(in: directory, scheduler: scheduler, preview: true)
            session.format = .opus
            session.start()
            scheduler.advance(to: 2)
            session.pause()
            // Paused, the file plays all but the frame being gathered and the encoder's delay (under 27 ms).
            let url = try #require(directory.contents().first.map(directory.file))
            let readable = try OggOpusReader.info(of: url).duration
            #expect(readable > session.elapsed - 0.027 && readable <= session.elapsed, "\(readable)")
            scheduler.advance(to: 2.5)
            session.resume()
            scheduler.advance(to: 4)
            session.pause()
            session.trim(start: 0.5, end: 3)
            scheduler.advance(to: 5)
            session.send()

            let recording = try #require(sent().first)
            #expect(recording.keptFrames == 12_000 ..< 72_000, "exactly the range: Opus needs no frame boundary")
            #expect(recording.duration == 2.5)
            let info = try OggOpusReader.info(of: recording.url)
            #expect(info.frames == 60_000 && info.isEnded)
            #expect(try directory.contents() == [recording.url.lastPathComponent])
        }
    }
}
