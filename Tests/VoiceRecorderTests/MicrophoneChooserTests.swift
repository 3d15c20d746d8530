import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorder

/// The apps' Microphone choice without a toolkit (SPEC F.1): the list as the menu shows it, the choice remembered
/// in the settings file, the fallback to the default with its toast, and the banner's words (SPEC F.2).
@Suite("Microphone choice and banner words (SPEC F.1, F.2)")
struct MicrophoneChooserTests {
    static let builtIn = Microphone(name: "alsa_input.builtin", description: "Built-in Audio Analog Stereo")
    static let headset = Microphone(name: "alsa_input.usb", description: "USB Headset")
    static let monitor = Microphone(name: "sink.monitor", description: "Monitor of Built-in Audio", isMonitor: true)

    static func defaulting(_ source: Microphone) -> Microphone {
        var source = source
        source.isDefault = true
        return source
    }

    /// A chooser over a session on virtual time, its settings in a scratch file; the devices its sources were made for.
    final class Rig {
        let scheduler = VirtualScheduler()
        let sources = FakeMicrophones()
        let scratch: ScratchDirectory
        let setting: MicrophoneSetting
        let session: Session
        var chooser: MicrophoneChooser!
        var devices: [String?] = []
        var toasts: [String] = []

        init(scratch: ScratchDirectory? = nil) throws {
            self.scratch = try scratch ?? ScratchDirectory(prefix: "chooser")
            setting = MicrophoneSetting(url: self.scratch.url.appendingPathComponent("settings.json"))
            session = Session(
                source: CheapAudioSource(scheduler: scheduler), writers: CountingWriterFactory(), scheduler: scheduler)
        }

        func start() {
            let scheduler = self.scheduler
            chooser = MicrophoneChooser(session: session, sources: sources, setting: setting) { [unowned self] device in
                devices.append(device)
                return CheapAudioSource(scheduler: scheduler)
            }
            chooser.onToast = { [unowned self] in toasts.append($0) }
        }

        func list(_ list: [Microphone]) {
            sources.list(list)
            scheduler.runDue()
        }
    }

    @Test func theMenuListsNoMonitorsButTheDefaultFirst() {
        let list = [Self.monitor, Self.builtIn, Self.defaulting(Self.headset)]
        #expect(list.choosable.map(\.name) == [Self.headset.name, Self.builtIn.name])
        let monitorDefault = [Self.defaulting(Self.monitor), Self.builtIn]
        #expect(monitorDefault.choosable.map(\.name) == [Self.monitor.name, Self.builtIn.name], "the default always")
        #expect(list.matching("usb headset")?.name == Self.headset.name)
        #expect(list.matching(Self.builtIn.name)?.name == Self.builtIn.name)
        #expect(list.matching("Nothing like it") == nil)
        #expect(list.recordedFrom(chosen: "gone")?.name == Self.headset.name)
    }

    @Test func aChoiceIsRememberedAndUsedForLaterTakes() throws {
        let rig = try Rig()
        rig.start()
        rig.list([Self.defaulting(Self.builtIn), Self.headset])
        #expect(rig.chooser.choices.map(\.selected) == [true, false])
        rig.chooser.choose(Self.headset.name)
        #expect(rig.devices.last == Self.headset.name)
        #expect(rig.chooser.choices.map(\.selected) == [false, true])
        #expect(rig.setting.load()?.name == Self.headset.name)
        #expect(rig.toasts.isEmpty)

        // The next start remembers it, and says nothing while it is there.
        let again = try Rig(scratch: rig.scratch)
        again.start()
        again.list([Self.defaulting(Self.builtIn), Self.headset])
        #expect(again.session.takeMicrophone?.name == Self.headset.name)
        #expect(again.toasts.isEmpty)
    }

    @Test func aRememberedSourceThatIsGoneFallsBackToTheDefaultWithOneToastAndComesBack() throws {
        let rig = try Rig()
        try rig.setting.save(Self.headset)
        rig.start()
        #expect(rig.devices == [Self.headset.name], "assumed there until the server lists its sources")
        rig.list([Self.defaulting(Self.builtIn)])
        #expect(rig.toasts == ["USB Headset is not connected. Using Built-in Audio Analog Stereo."])
        #expect(rig.devices.last == .some(nil), "takes record from the default")
        #expect(rig.session.takeMicrophone?.name == Self.builtIn.name)
        rig.list([Self.defaulting(Self.builtIn), Self.headset])
        #expect(rig.devices.last == Self.headset.name, "plugged in again, it is used again")
        rig.list([Self.defaulting(Self.builtIn)])
        #expect(rig.toasts.count == 1, "the toast is for the start only")
    }

    @Test func theBannerSaysWhatIsWrongAndOffersOneAction() {
        let muted = MicrophoneNotice(.muted, source: Self.headset)
        #expect(muted?.text == "USB Headset is muted" && muted?.actionLabel == "Unmute")
        #expect(muted?.action == .unmute(Self.headset.name))
        let silent = MicrophoneNotice(.silent, source: Self.headset)
        #expect(silent?.text == "No sound from USB Headset" && silent?.actionLabel == "Choose Microphone…")
        #expect(silent?.action == .chooseMicrophone)
        #expect(MicrophoneNotice(.none, source: Self.headset) == nil)
        #expect(MicrophoneNotice(.muted, source: nil)?.action == .chooseMicrophone, "nothing named to unmute")
    }
}
