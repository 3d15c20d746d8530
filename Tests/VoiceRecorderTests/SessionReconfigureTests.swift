import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// `Session.reconfigure` (the GObject control's `preview`, `minimum-duration` and `maximum-duration`, SPEC H.2): at
/// rest at once; during a take, from the next one, the take keeping the rules it began with.
@Suite("Session: limits and preview changed between takes")
struct SessionReconfigureTests {
    private final class Rig {
        let scheduler = VirtualScheduler()
        let session: Session
        var sent: [Recording] = []
        var phasesSeen: [(Phase, Bool)] = []

        init() {
            session = Session(
                source: SimulatedAudioSource(scheduler: scheduler), writers: CountingWriterFactory(),
                scheduler: scheduler, durations: Durations(minimum: 0.6, maximum: 10))
            session.events.observe { [unowned self] event in
                switch event {
                case .sent(let recording, _): sent.append(recording)
                case .phase(let phase): phasesSeen.append((phase, session.preview))
                default: break
                }
            }
        }
    }

    @Test func atRestTheNewLimitsAndPreviewHoldAtOnce() {
        let rig = Rig()
        rig.session.reconfigure(durations: Durations(minimum: 1, maximum: 3), preview: true)
        #expect(rig.session.durations == Durations(minimum: 1, maximum: 3))
        #expect(rig.session.preview)
        rig.session.start()
        rig.scheduler.advance(to: 5)
        // The new maximum sent the take at 3 s.
        #expect(rig.sent.count == 1)
        #expect(abs((rig.sent.first?.duration ?? 0) - 3) < 0.05)
    }

    @Test func duringATakeTheTakeKeepsItsRulesAndTheNextHasTheNewOnes() {
        let rig = Rig()
        rig.session.start()
        rig.scheduler.advance(to: 1)
        rig.session.reconfigure(durations: Durations(minimum: 0.6, maximum: 2), preview: true)
        #expect(rig.session.durations.maximum == 10)
        #expect(!rig.session.preview)
        rig.scheduler.advance(to: 4)
        // Past the new maximum and still recording: the take began with a 10 s maximum.
        #expect(rig.session.phase == .locked)
        rig.session.pause()
        #expect(rig.session.phase == .locked, "preview is not on for this take")
        rig.session.send()
        #expect(abs((rig.sent.first?.duration ?? 0) - 4) < 0.05)
        // Applied as the take ended, before its idle phase was published (a front end redraws by it).
        #expect(rig.phasesSeen.last?.0 == .idle && rig.phasesSeen.last?.1 == true)
        #expect(rig.session.durations.maximum == 2)
        rig.session.start()
        rig.scheduler.advance(to: 7)
        #expect(rig.sent.count == 2)
        #expect(abs((rig.sent.last?.duration ?? 0) - 2) < 0.05)
    }
}

@Suite("SessionFailure: kinds for programs, words for people")
struct SessionFailureTests {
    @Test func aFullDiskIsToldFromTheSystemsCodeOrItsWords() {
        let full = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        #expect(SessionFailure.file("Could not write", error: full).kind == .diskFull)
        struct LibraryError: Error, CustomStringConvertible {
            let description: String
        }
        let wrapped = LibraryError(description: "av_write_frame: \(String(cString: strerror(ENOSPC)))")
        #expect(SessionFailure.file("Could not write", error: wrapped).kind == .diskFull)
        let other = LibraryError(description: "av_write_frame: \(String(cString: strerror(EIO)))")
        #expect(SessionFailure.file("Could not write", error: other).kind == .file)
        #expect(SessionFailure.file("Could not write", error: other).message == "Could not write")
    }

    @Test func aFailureWrittenAsWordsIsOfTheOtherKind() {
        let failure: SessionFailure = "The disk is full"
        #expect(failure.kind == .other)
        #expect("\(failure)" == "The disk is full")
    }
}
