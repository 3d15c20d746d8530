import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// A session following a (fake) server's sources on virtual time (SPEC F.2): warnings as events, the hint, the
/// take kept; the source chosen for later takes.
private final class MicrophoneRig {
    let scheduler = VirtualScheduler()
    let source: CheapAudioSource
    let sources = FakeMicrophones()
    let session: Session
    var events: [SessionEvent] = []
    static let headset = Microphone(name: "usb_headset", description: "USB Headset", isDefault: true)

    init(amplitude: Float, follows: Bool = true) {
        source = CheapAudioSource(scheduler: scheduler)
        source.amplitude = amplitude
        source.framesPerBuffer = 2_400  // real time: 0.1 s a buffer
        session = Session(source: source, writers: CountingWriterFactory(), scheduler: scheduler)
        session.events.observe { [unowned self] event in events.append(event) }
        if follows { session.follow(sources, recordingFrom: nil) }
    }

    func at(_ time: Double, _ action: () -> Void = {}) {
        scheduler.advance(to: time)
        action()
    }

    var warnings: [MicrophoneWarning] {
        events.compactMap { if case .microphoneWarning(let warning, _) = $0 { warning } else { nil } }
    }
}

@Suite("Session: the microphone's warnings (SPEC F.2)")
struct SessionMicrophoneTests {
    @Test func silenceForTheFirstOneAndAHalfSecondsWarnsThenSoundClearsItAndTheTakeIsKept() throws {
        let rig = MicrophoneRig(amplitude: 0)
        rig.at(0) { rig.sources.list([MicrophoneRig.headset]) }
        rig.at(0) { rig.session.start() }
        rig.at(1.45)
        #expect(rig.warnings.isEmpty)
        rig.at(1.55)
        #expect(rig.warnings == [.silent])
        #expect(rig.events.contains(.microphoneWarning(.silent, source: MicrophoneRig.headset)))
        rig.at(2.0) { rig.source.amplitude = 0.01 }  // −40 dBFS: quiet, but sound
        rig.at(2.2)
        #expect(rig.warnings == [.silent, .none], "cleared within 0.5 s of sound")
        #expect(rig.session.phase == .locked, "the take records on")
        rig.at(3) { rig.session.send() }
        #expect(rig.events.contains { if case .sent = $0 { true } else { false } })
    }

    /// A microphone slow to start (its first buffer 2 s after the stream opens): the silent warning still comes at
    /// 1.5 s from the hold, before any audio, and clears once sound arrives (house issue, point 8).
    @Test func aMicrophoneSlowToStartWarnsAtOneAndAHalfSecondsBeforeItsFirstBuffer() {
        let rig = MicrophoneRig(amplitude: 0.25)
        rig.source.startDelay = 2
        rig.at(0) { rig.sources.list([MicrophoneRig.headset]) }
        rig.at(0) { rig.session.start() }
        rig.at(1.45)
        #expect(rig.warnings.isEmpty)
        rig.at(1.55)
        #expect(rig.warnings == [.silent], "no buffer has come yet")
        rig.at(2.6)
        #expect(rig.warnings == [.silent, .none], "the first buffers carry sound")
    }

    @Test func whereNothingDrawsTheLevelSilenceStillWarnsAndClearsInTime() {
        let rig = MicrophoneRig(amplitude: 0)
        rig.session.liveUpdates = .unseen
        rig.at(0) { rig.sources.list([MicrophoneRig.headset]) }
        rig.at(0) { rig.session.start() }
        rig.at(1.45)
        #expect(rig.warnings.isEmpty)
        rig.at(1.7)
        #expect(rig.warnings == [.silent], "at the first reading after 1.5 s (one every 0.2 s)")
        rig.at(2.0) { rig.source.amplitude = 0.01 }
        rig.at(2.5)
        #expect(rig.warnings == [.silent, .none], "cleared within 0.5 s of sound")
    }

    @Test func aMutedSourceWarnsTheMomentTheTakeStartsWithTheHintAndClearsWhenUnmuted() {
        let rig = MicrophoneRig(amplitude: 0.25)
        var muted = MicrophoneRig.headset
        muted.isMuted = true
        rig.at(0) { rig.sources.list([muted]) }
        rig.at(1) { rig.session.start() }
        #expect(rig.warnings == [.muted], "at once")
        #expect(rig.events.contains(.hint(.microphoneMuted, text: "Microphone is muted")))
        rig.at(1.5) { rig.sources.list([MicrophoneRig.headset]) }
        rig.scheduler.runDue()
        #expect(rig.warnings == [.muted, .none])
        rig.at(2) { rig.session.send() }
        #expect(rig.warnings == [.muted, .none], "nothing more when the take ends")
    }

    @Test func aWarningClearsWhenTheTakeEnds() {
        let rig = MicrophoneRig(amplitude: 0)
        rig.at(0) { rig.sources.list([MicrophoneRig.headset]) }
        rig.at(0) { rig.session.start() }
        rig.at(2)
        rig.at(2) { rig.session.cancel() }
        #expect(rig.warnings == [.silent, .none])
        #expect(rig.session.microphoneWarning == .none)
    }

    @Test func followingFromWithinATakeChecksItFromThen() {
        let rig = MicrophoneRig(amplitude: 0, follows: false)
        rig.at(0) { rig.session.start() }
        rig.at(0.2) { rig.session.follow(rig.sources, recordingFrom: nil) }
        rig.at(1.65)
        #expect(rig.warnings.isEmpty, "1.5 s from when the checks began")
        rig.at(1.8)
        #expect(rig.warnings == [.silent])
    }

    @Test func withoutFollowingASessionWarnsAboutNothing() {
        let rig = MicrophoneRig(amplitude: 0, follows: false)
        rig.at(0) { rig.session.start() }
        rig.at(3)
        #expect(rig.warnings.isEmpty)
        #expect(!rig.events.contains { if case .hint(.microphoneMuted, _) = $0 { true } else { false } })
    }

    @Test func theListIsPublishedOnlyWhenItChangesAndTheTakesSourceIsTheChosenOneOrTheDefault() {
        let rig = MicrophoneRig(amplitude: 0.25)
        let builtIn = Microphone(name: "builtin", description: "Built-in Audio", isDefault: false)
        rig.at(0) { rig.sources.list([builtIn, MicrophoneRig.headset]) }
        rig.at(0) { rig.sources.list([builtIn, MicrophoneRig.headset]) }
        #expect(rig.events.filter { if case .microphones = $0 { true } else { false } }.count == 1)
        #expect(rig.session.takeMicrophone == MicrophoneRig.headset, "the default")
        let other = CheapAudioSource(scheduler: rig.scheduler)
        rig.session.chooseMicrophone("builtin", source: other)
        #expect(rig.session.takeMicrophone == builtIn)
        rig.at(0.5) { rig.session.start() }
        #expect(other.captures.count == 1 && rig.source.captures.isEmpty, "the next take records from the choice")
        rig.session.chooseMicrophone("gone", source: rig.source)
        #expect(rig.session.takeMicrophone == MicrophoneRig.headset, "a choice not listed: the default")
    }
}
