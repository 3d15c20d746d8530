import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

@Suite("Session invariants over random sequences")
struct SessionPropertyTests {
    static let sequenceCount = 10_000

    /// How a take ended, as the app (and a person) sees it.
    enum Ending: String, CaseIterable {
        case sent, sentAtMaximum, stoppedThenSent, discarded, interrupted, tooShort
    }

    /// Each ending must be reached at least this many times over all the sequences, so a generator that stopped
    /// reaching one (and so stopped testing it) fails instead of passing vacuously.
    static let minimumPerEnding = 500

    @Test func invariantsHoldForTenThousandRandomSequences() {
        var failures: [String] = []
        var reached: [Ending: Int] = [:]
        for seed in 0 ..< UInt64(Self.sequenceCount) {
            let run = Self.runSequence(seed: seed)
            for ending in run.endings { reached[ending, default: 0] += 1 }
            if let failure = run.failure {
                failures.append("seed \(seed): \(failure)")
                if failures.count >= 5 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        for ending in Ending.allCases {
            #expect(
                reached[ending, default: 0] >= Self.minimumPerEnding,
                "\(ending.rawValue) reached only \(reached[ending, default: 0])× in \(Self.sequenceCount) sequences")
        }
    }

    /// Runs one random sequence: the first broken invariant, if any, and how its takes ended (before the clean-up
    /// that ends whatever is left).
    static func runSequence(seed: UInt64) -> (failure: String?, endings: [Ending]) {
        var endings: [Ending] = []
        let failure = runSequence(seed: seed) { endings.append($0) }
        return (failure, endings)
    }

    private static func runSequence(seed: UInt64, ended: @escaping (Ending) -> Void) -> String? {
        var random = SeededGenerator(seed: seed)
        let scheduler = VirtualScheduler()
        let source = CheapAudioSource(scheduler: scheduler)
        source.startDelay = Double.random(in: 0 ... 0.6, using: &random)
        source.failsToStart = Int.random(in: 0 ..< 10, using: &random) == 0
        source.access = [.granted, .granted, .granted, .undetermined].randomElement(using: &random)!
        let writers = CountingWriterFactory()
        let session = Session(
            source: source, writers: writers, scheduler: scheduler,
            durations: Durations(minimum: 0.6, maximum: Double.random(in: 1 ... 8, using: &random)))
        var sends: [URL] = []
        var cancels = 0
        var tooShorts = 0
        var cleaningUp = false
        var stoppedThisTake = false
        session.events.observe { event in
            switch event {
            case .sent(let recording, _): sends.append(recording.url)
            case .cancelled: cancels += 1
            default: break
            }
            let ending: Ending?
            switch event {
            case .tooShort:
                tooShorts += 1
                ending = .tooShort
            case .phase(.stopped):
                stoppedThisTake = true
                ending = nil
            case .sent(_, let atMaximum):
                ending = stoppedThisTake ? .stoppedThenSent : atMaximum ? .sentAtMaximum : .sent
            case .cancelled(.interrupted): ending = .interrupted
            case .cancelled: ending = .discarded
            default: ending = nil
            }
            if let ending {
                stoppedThisTake = false
                if !cleaningUp { ended(ending) }
            }
        }

        var time = 0.0
        var fingerDown = false
        for _ in 0 ..< 24 {
            // Mostly quick steps; now and then a long wait, so hands-free takes run into their maximum.
            let longWait = Int.random(in: 0 ..< 12, using: &random) == 0
            time +=
                longWait ? Double.random(in: 0.5 ... 3, using: &random) : Double.random(in: 0 ... 0.35, using: &random)
            scheduler.advance(to: time)
            switch Int.random(in: 0 ..< 17, using: &random) {
            case 0, 1:
                if !fingerDown {
                    session.handle(.touchDown(.zero, fingers: 1))
                    fingerDown = true
                }
            case 2, 3:
                if fingerDown {
                    let point = Point(
                        x: Double.random(in: -220 ... 40, using: &random),
                        y: Double.random(in: -90 ... 20, using: &random))
                    session.handle(.touchMove(point))
                }
            case 4, 5:
                if fingerDown {
                    session.handle(.touchUp(.zero))
                    fingerDown = false
                }
            case 6:
                if fingerDown {
                    session.handle(.touchCancel)
                    fingerDown = false
                }
            case 7: session.start()
            case 8: session.press()
            case 9: session.release()
            case 10: session.lock()
            case 11: session.send()
            case 12: session.cancel()
            case 13: session.interrupt(Interruption.allCases.randomElement(using: &random)!)
            case 14: source.captures.last?.interrupt([.call, .routeLost, .mediaReset].randomElement(using: &random)!)
            case 15: session.handle(.key([.returnKey, .escape, .spaceDown, .spaceUp].randomElement(using: &random)!))
            default: session.handle(.activate)
            }
            scheduler.runDue()

            if source.running > 1 || source.maxRunning > 1 { return "more than one capture running" }
            if session.capturesRunning != source.running { return "the session lost count of its captures" }
            if session.phase == .idle && source.running != 0 { return "a capture left running at rest" }
            if session.phase == .idle && session.elapsed != 0 { return "elapsed is not zero at rest" }
            if session.elapsed < 0 { return "negative elapsed" }
            if session.phase == .stopped && source.running != 0 { return "a stopped take still capturing" }
            let waiting = source.captures.filter(\.isWaitingPrepared).count
            if waiting > 1 { return "more than one prepared capture open" }
            if waiting == 1 && session.control.holdDeadline == nil {
                return "a prepared capture left open with no press that may become a hold"
            }
            if waiting != (session.isCapturePrepared ? 1 : 0) { return "the session lost its prepared capture" }
        }
        // Let every pending start, hint and timer play out, then end whatever is left.
        scheduler.advance(to: time + 1)
        cleaningUp = true
        session.cancel()
        scheduler.advance(to: time + 1.5)

        if source.running != 0 { return "a capture left running at the end" }
        if source.captures.contains(where: \.isWaitingPrepared) { return "a prepared capture left open at the end" }
        for writer in writers.writers {
            if writer.finishCount + writer.discardCount != 1 {
                return "a take's file was finished \(writer.finishCount)× and deleted \(writer.discardCount)×"
            }
        }
        let finished = writers.writers.filter { $0.finishCount == 1 }.map(\.url)
        if Set(sends) != Set(finished) || sends.count != finished.count { return "sends do not match finished files" }
        let discarded = writers.writers.filter { $0.discardCount == 1 }.count
        if cancels + tooShorts != discarded {
            return "cancels (\(cancels)) + too short (\(tooShorts)) ≠ deleted files (\(discarded))"
        }
        return nil
    }
}
