import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// The random-sequence invariants of `SessionPropertyTests`, with preview on (SPEC D): pause, resume, listen, seek,
/// trim and interruptions mixed into the touches, keys and calls of A.
@Suite("Session invariants over random sequences, preview on")
struct SessionPreviewPropertyTests {
    static let sequenceCount = 10_000

    /// The preview's paths, each of which must be reached many times.
    enum Path: String, CaseIterable {
        case paused, resumed, listened, listeningEnded, sought, trimmed, keptByInterruption
        case sentWhole, sentTrimmed, deletedWhilePaused
    }

    static let minimumPerPath = 300

    @Test func invariantsHoldForTenThousandRandomSequencesWithPreviewOn() {
        var failures: [String] = []
        var reached: [Path: Int] = [:]
        for seed in 0 ..< UInt64(Self.sequenceCount) {
            let run = Self.runSequence(seed: seed)
            for path in run.paths { reached[path, default: 0] += 1 }
            if let failure = run.failure {
                failures.append("seed \(seed): \(failure)")
                if failures.count >= 5 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        for path in Path.allCases {
            #expect(
                reached[path, default: 0] >= Self.minimumPerPath,
                "\(path.rawValue) reached only \(reached[path, default: 0])× in \(Self.sequenceCount) sequences")
        }
    }

    static func runSequence(seed: UInt64) -> (failure: String?, paths: [Path]) {
        var random = SeededGenerator(seed: seed &+ 0x5EED)
        let scheduler = VirtualScheduler()
        let source = CheapAudioSource(scheduler: scheduler)
        source.startDelay = Double.random(in: 0 ... 0.4, using: &random)
        source.failsToStart = Int.random(in: 0 ..< 20, using: &random) == 0
        source.framesPerBuffer = AudioFormat.sampleRate / 10
        source.access = [.granted, .granted, .granted, .undetermined].randomElement(using: &random)!
        let writers = CountingWriterFactory()
        let players = RecordingPlayers()
        let usesClockPlayer = Bool.random(using: &random)
        let session = Session(
            source: source, writers: writers, scheduler: scheduler,
            durations: Durations(minimum: 0.6, maximum: Double.random(in: 2 ... 10, using: &random)),
            preview: true, players: usesClockPlayer ? nil : players)
        session.setWaveformTrack(WaveformTrack(minX: 40, maxX: 300))
        var paths: [Path] = []
        var failure: String?
        var sends: [URL] = []
        var cancels = 0
        var tooShorts = 0
        var lastKept: KeptRange?
        var wasPaused = false
        var cleaningUp = false
        session.events.observe { event in
            switch event {
            case .sent(let recording, _): sends.append(recording.url)
            case .cancelled: cancels += 1
            default: break
            }
            switch event {
            case .phase(.stopped): failure = failure ?? "stopped reached with preview on"
            case .phase(.paused): paths.append(.paused)
            case .phase(.locked) where wasPaused: paths.append(.resumed)
            case .hint(.stopped, _) where session.phase == .paused: paths.append(.keptByInterruption)
            case .listening(true): paths.append(.listened)
            case .listening(false) where session.phase == .paused: paths.append(.listeningEnded)
            case .tooShort: tooShorts += 1
            case .cancelled(.cancelled) where wasPaused && !cleaningUp: paths.append(.deletedWhilePaused)
            case .sent(let recording, _):
                if let frames = recording.keptFrames {
                    paths.append(.sentTrimmed)
                    guard let kept = lastKept else {
                        failure = failure ?? "a trimmed take sent without a kept range"
                        break
                    }
                    let frame = 1 / Double(AudioFormat.sampleRate)
                    if abs(recording.duration - kept.duration) > frame + 1e-12 {
                        failure = failure ?? "a trimmed take of \(kept) was sent \(recording.duration) s long"
                    }
                    if frames != kept.frames() { failure = failure ?? "the writer kept \(frames), not \(kept)" }
                } else if wasPaused {
                    paths.append(.sentWhole)
                }
            default: break
            }
        }

        var time = 0.0
        var fingerDown = false
        for _ in 0 ..< 32 {
            let longWait = Int.random(in: 0 ..< 12, using: &random) == 0
            time +=
                longWait ? Double.random(in: 0.5 ... 3, using: &random) : Double.random(in: 0 ... 0.35, using: &random)
            scheduler.advance(to: time)
            wasPaused = session.phase == .paused
            lastKept = session.keptRange
            let length = session.elapsed
            switch Int.random(in: 0 ..< 28, using: &random) {
            case 0, 1:
                if !fingerDown {
                    session.handle(.touchDown(.zero, fingers: 1))
                    fingerDown = true
                }
            case 2:
                if fingerDown {
                    let point = Point(
                        x: Double.random(in: -220 ... 40, using: &random),
                        y: Double.random(in: -90 ... 20, using: &random))
                    session.handle(.touchMove(point))
                }
            case 3, 4:
                if fingerDown {
                    session.handle(.touchUp(.zero))
                    fingerDown = false
                }
            case 5:
                if fingerDown {
                    session.handle(.touchCancel)
                    fingerDown = false
                }
            case 6: session.start()
            case 7: session.press()
            case 8: session.release()
            case 9: session.send()
            case 10: session.cancel()
            case 11: session.interrupt(Interruption.allCases.randomElement(using: &random)!)
            case 12: source.captures.last?.interrupt([.call, .routeLost, .mediaReset].randomElement(using: &random)!)
            case 13: session.handle(.key([.returnKey, .escape, .spaceDown, .spaceUp].randomElement(using: &random)!))
            case 14, 15: session.pause()
            case 16: session.resume()
            case 17, 18: session.play()
            case 19: session.pausePlayback()
            case 20:
                if session.phase == .paused { paths.append(.sought) }
                session.seek(to: Double.random(in: -0.5 ... (length + 0.5), using: &random))
            case 21, 22:
                let start = Double.random(in: -0.2 ... (length * 0.6), using: &random)
                let end = Double.random(in: (length * 0.3) ... (length + 0.2), using: &random)
                let before = session.keptRange
                session.trim(start: start, end: end)
                if before != nil, session.keptRange != before { paths.append(.trimmed) }
            case 23: session.handle(PreviewInput.click([.pauseBubble, .playButton].randomElement(using: &random)!))
            case 24:
                let part = [PreviewPart.waveform, .startHandle, .endHandle].randomElement(using: &random)!
                session.handle(PreviewInput.dragBegan(part, x: Double.random(in: 0 ... 340, using: &random)))
                session.handle(PreviewInput.dragEnded(x: Double.random(in: 0 ... 340, using: &random)))
            case 26, 27:
                // Paused takes are sent more often, so trimmed sends are reached many times.
                if session.phase == .paused { session.send() } else { session.pause() }
            default:
                if let playback = players.playbacks.last {
                    playback.report(Bool.random(using: &random) ? .reachedEnd : .position(playback.from + 0.1))
                }
            }
            scheduler.runDue()

            if let failure { return (failure, paths) }
            if source.running > 1 || source.maxRunning > 1 { return ("more than one capture running", paths) }
            if session.capturesRunning != source.running { return ("the session lost count of its captures", paths) }
            if session.phase == .idle && source.running != 0 { return ("a capture left running at rest", paths) }
            if session.phase == .paused && source.running != 0 { return ("a paused take still capturing", paths) }
            if players.playing > 1 { return ("more than one playback", paths) }
            if players.playing == 1 && !(session.phase == .paused && session.isListening) {
                return ("a playback left running out of a listening", paths)
            }
            if session.phase != .paused && (session.keptRange != nil || session.playhead != nil) {
                return ("a kept range or playhead outside paused", paths)
            }
            if let kept = session.keptRange, let playhead = session.playhead {
                if playhead < kept.start - 1e-9 || playhead > kept.end + 1e-9 {
                    return ("the playhead left \(kept)", paths)
                }
                if kept.start < 0 || kept.end > session.elapsed + 1e-9 { return ("\(kept) outside the take", paths) }
                let shortest = min(max(session.durations.minimum, KeptRange.shortest), session.elapsed)
                if kept.duration < shortest - 1e-9 { return ("\(kept) shorter than \(shortest)", paths) }
            }
            if session.elapsed < 0 { return ("negative elapsed", paths) }
        }
        scheduler.advance(to: time + 1)
        cleaningUp = true
        session.cancel()
        scheduler.advance(to: time + 1.5)

        if let failure { return (failure, paths) }
        if source.running != 0 { return ("a capture left running at the end", paths) }
        if players.playing != 0 { return ("a playback left running at the end", paths) }
        for writer in writers.writers where writer.finishCount + writer.discardCount != 1 {
            return ("a take's file was finished \(writer.finishCount)× and deleted \(writer.discardCount)×", paths)
        }
        let finished = writers.writers.filter { $0.finishCount == 1 }.map(\.url)
        if Set(sends) != Set(finished) || sends.count != finished.count {
            return ("sends do not match finished files", paths)
        }
        let discarded = writers.writers.filter { $0.discardCount == 1 }.count
        if cancels + tooShorts != discarded {
            return ("cancels (\(cancels)) + too short (\(tooShorts)) ≠ deleted files (\(discarded))", paths)
        }
        return (nil, paths)
    }
}
