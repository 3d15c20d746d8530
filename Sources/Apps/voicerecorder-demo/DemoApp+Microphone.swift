import CGtk
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON
import VoiceRecorderPulseAudio

/// The microphone in the demo (SPEC F): the main menu's "Microphone" list, remembered in `demo.json`; the banner of
/// a take's warnings, which also says the fallback's words (the demo has no toasts: it is plain GTK); their lines.
extension DemoApp {
    /// Sets up the menu's list and the banner when takes come from the sound server; returns the banner to place.
    func setUpMicrophone(session: Session, source: any AudioSource) -> UnsafeMutablePointer<GtkWidget>? {
        guard source is PulseAudioSource else { return nil }
        let sources = PulseAudioMicrophones(applicationName: "Voice Recorder")
        let chooser = MicrophoneChooser(
            session: session, sources: sources,
            setting: MicrophoneSetting(url: RecordingFormatSetting.url(named: "demo.json"))
        ) { device in PulseAudioSource(device: device, applicationName: "Voice Recorder") }
        microphoneMenu = MicrophoneMenu(chooser: chooser) { [weak self] in
            guard let self else { return }
            EventPrinter.print(["event": "microphones", "sources": microphoneChoicesJSON])
        }
        microphoneMenu?.install(on: window)
        let banner = MicrophoneBanner(
            session: session, unmute: { name in sources.unmute(name) },
            chooseMicrophone: { [weak self] in
                guard let button = self?.menuButton else { return }
                gtk_menu_button_popup(cast(button))
            },
            onChange: { notice in
                EventPrinter.print(["event": "banner", "text": notice.map { .string($0.text) } ?? .null])
            })
        microphoneBanner = banner
        chooser.onToast = { [weak banner] text in
            banner?.showNote(text)
            EventPrinter.print(["event": "toast", "text": .string(text)])
        }
        return banner.widget
    }

    /// The sources the menu lists, as the `ready` and `microphones` lines carry them (empty with the simulated voice).
    var microphoneChoicesJSON: JSONValue {
        guard let chooser = microphoneMenu?.chooser else { return .array([]) }
        return chooser.session.microphones.choicesJSON(chosen: chooser.remembered?.name)
    }
}
