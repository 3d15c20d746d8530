import CGtk
import VoiceRecorder

/// The banner over an app's content that says what is wrong with a take's microphone (SPEC F.2): "USB Headset is
/// muted" with **Unmute**, "No sound from USB Headset" with **Choose Microphone…**. libadwaita 1.2 (Debian 12) has no
/// `AdwBanner` (1.3), so it is GTK's info bar, which Adwaita draws as a banner. It shows the session's warnings as
/// they come (`MicrophoneNotice` says the words); it decides nothing.
public final class MicrophoneBanner {
    /// The banner, to place above the content; hidden while there is nothing to say.
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let label = gtk_label_new(nil)!
    private let button: UnsafeMutablePointer<GtkWidget>
    private var notice: MicrophoneNotice?
    /// The notice shown, if any.
    public var shown: MicrophoneNotice? { notice }
    /// Whether the banner is out (or coming out).
    public var isRevealed: Bool { gtk_info_bar_get_revealed(cast(widget)) != 0 }
    /// The banner's action button (Unmute, Choose Microphone…), for an app that reports where it is.
    public var actionButton: UnsafeMutablePointer<GtkWidget> { button }

    /// A banner following `session`'s warnings. `unmute` unmutes a source on the server; `chooseMicrophone` opens
    /// the Microphone menu; `onChange` hears each notice shown or hidden.
    public init(
        session: Session, unmute: @escaping (String) -> Void, chooseMicrophone: @escaping () -> Void,
        onChange: @escaping (MicrophoneNotice?) -> Void = { _ in }
    ) {
        widget = gtk_info_bar_new()!
        let bar: OpaquePointer = cast(widget)
        gtk_info_bar_set_message_type(bar, GTK_MESSAGE_WARNING)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_info_bar_add_child(bar, label)
        // A button of our own rather than `gtk_info_bar_add_button`'s: GTK 4.8 names that one over AT-SPI by its
        // label twice ("Unmute Unmute").
        button = gtk_button_new_with_label(tr("Unmute"))
        gtk_info_bar_add_action_widget(bar, button, 1)
        gtk_info_bar_set_revealed(bar, 0)
        gtk_widget_set_name(widget, "microphone-banner")
        // Unnamed, GTK 4.8 reads the bar by its class name ("GtkInfoBar").
        GValues.setAccessibleLabel(widget, tr("Microphone"))
        Signals.connectInt(UnsafeMutableRawPointer(widget), "response") { [weak self] response in
            guard let self else { return }
            // The close button of a note (GTK_RESPONSE_CLOSE, −7) hides it.
            if response == -7 { return gtk_info_bar_set_revealed(cast(widget), 0) }
            guard let action = notice?.action else { return }
            switch action {
            case .unmute(let name): unmute(name)
            case .chooseMicrophone: chooseMicrophone()
            }
        }
        session.events.observe { [weak self] event in
            guard case .microphoneWarning(let warning, let source) = event, let self else { return }
            let notice = MicrophoneNotice(warning, source: source)
            show(notice)
            onChange(notice)
        }
    }

    /// Shows `text` with no action, closable (an app without toasts says the fallback's words here); the next
    /// warning replaces it.
    public func showNote(_ text: String) {
        notice = nil
        gtk_label_set_text(cast(label), text)
        gtk_widget_set_visible(button, 0)
        gtk_info_bar_set_message_type(cast(widget), GTK_MESSAGE_INFO)
        gtk_info_bar_set_show_close_button(cast(widget), 1)
        gtk_info_bar_set_revealed(cast(widget), 1)
    }

    private func show(_ notice: MicrophoneNotice?) {
        self.notice = notice
        if let notice {
            gtk_label_set_text(cast(label), notice.text)
            gtk_button_set_label(cast(button), notice.actionLabel)
            gtk_widget_set_visible(button, 1)
            gtk_info_bar_set_message_type(cast(widget), GTK_MESSAGE_WARNING)
            gtk_info_bar_set_show_close_button(cast(widget), 0)
        }
        gtk_info_bar_set_revealed(cast(widget), notice == nil ? 0 : 1)
    }
}
