import CAdwaita
import CGtk
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The microphone in the window (SPEC F): the main menu's "Microphone" list, the banner of a take's warnings, the
/// fallback's toast, and their event lines. The chooser and the session decide; this only shows them.
extension MemosWindow {
    func setUpMicrophone(_ composition: Composition) {
        guard let (sources, chooser) = composition.microphones else { return }
        microphoneMenu = MicrophoneMenu(chooser: chooser) { [weak self] in
            guard let self else { return }
            EventLine.print(["event": "microphones", "sources": microphoneChoicesJSON])
        }
        microphoneMenu?.install(on: window)
        microphoneBanner = MicrophoneBanner(
            session: composition.session, unmute: { name in sources.unmute(name) },
            chooseMicrophone: { [weak self] in
                guard let self else { return }
                gtk_menu_button_popup(cast(menuButton))
            },
            onChange: { [weak self] notice in
                // A banner that goes and comes back within a frame is a new showing: its button is reported again.
                if notice == nil { self?.bannerReport = BannerReport() }
                EventLine.print(["event": "banner", "text": notice.map { .string($0.text) } ?? .null])
            })
        chooser.onToast = { [weak self] text in
            guard let self, let toast = adw_toast_new(text) else { return }
            AccessibleNames.show(toast, on: toastOverlay)
            EventLine.print(["event": "toast", "text": .string(text)])
        }
    }

    /// Prints `bannerButton` (the notice's words and its button's centre) once the banner has come out: when the
    /// button is where it was at the frame before (the banner slides in over a few frames).
    func reportBannerButton() {
        guard let banner = microphoneBanner, banner.isRevealed, let notice = banner.shown,
            let center = windowCenter(banner.actionButton, in: window)
        else {
            bannerReport = BannerReport()
            return
        }
        defer { bannerReport.previous = center }
        guard let previous = bannerReport.previous, previous == center, bannerReport.reported != notice else { return }
        bannerReport.reported = notice
        EventLine.print([
            "event": "bannerButton", "text": .string(notice.text), "label": .string(notice.actionLabel),
            "x": .number(center.x), "y": .number(center.y),
        ])
    }

    /// The sources the menu lists, as the `ready` and `microphones` lines carry them (empty with the simulated voice).
    var microphoneChoicesJSON: JSONValue {
        guard let chooser = microphoneMenu?.chooser else { return .array([]) }
        return chooser.session.microphones.choicesJSON(chosen: chooser.remembered?.name)
    }
}

/// What `reportBannerButton` last saw and said.
struct BannerReport {
    var previous: (x: Double, y: Double)?
    var reported: MicrophoneNotice?
}
