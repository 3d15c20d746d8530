import CGtk
import VoiceRecorderCore

/// Keys on the focused mic (SPEC A.14, C), forwarded to the control as they are: what each means in each phase is
/// the core's rule (`RecorderControl`), the same one `voicerec simulate`'s `key` lines follow.
extension VoiceRecorderWidget {
    /// The keys go to the control from the mic and, while paused, from the preview's sliders too (SPEC D.7: Space,
    /// Return and Escape act on the paused take wherever in it the focus is; the arrows stay the sliders').
    func connectKeys() {
        for target in [micButton] + previewSliders.map(\.widget) { connectKeys(to: target) }
    }

    private func connectKeys(to target: UnsafeMutablePointer<GtkWidget>) {
        let keys = gtk_event_controller_key_new()!
        // Capture phase: Space and Return must reach the control before the button's own activation bindings.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let raw = UnsafeMutableRawPointer(keys)
        Signals.connectKeyPressed(raw) { [weak self] keyval, _ in
            guard let self, let key = Self.key(pressed: keyval) else { return false }
            session.handle(.key(key))
            return true
        }
        Signals.connectKeyReleased(raw) { [weak self] keyval in
            if keyval == UInt32(GDK_KEY_space) { self?.session.handle(.key(.spaceUp)) }
        }
        gtk_widget_add_controller(target, keys)
    }

    /// The control's key for a pressed GDK key value, nil for keys the control leaves alone.
    private static func key(pressed keyval: UInt32) -> RecorderControl.Key? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_space: .spaceDown
        case GDK_KEY_Return, GDK_KEY_KP_Enter: .returnKey
        case GDK_KEY_Escape: .escape
        default: nil
        }
    }
}
