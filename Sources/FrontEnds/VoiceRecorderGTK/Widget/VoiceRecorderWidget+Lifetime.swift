import CGtk
import VoiceRecorderCore

/// The window leaving the screen, the control being made insensitive or destroyed (SPEC A.6, C).
extension VoiceRecorderWidget {
    func connectLifetime() {
        let raw = UnsafeMutableRawPointer(widget)
        Signals.connectStateFlagsChanged(raw) { [weak self] in self?.sensitivityMayHaveChanged() }
        Signals.connect(raw, "realize") { [weak self] in self?.watchToplevel() }
        Signals.connect(raw, "unmap") { [weak self] in self?.leftTheScreen() }
        Signals.connect(raw, "destroy") { [weak self] in self?.goAway() }
    }

    private func watchToplevel() {
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native) else { return }
        Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "state") { [weak self] in
            let state = gdk_toplevel_get_state(surface)
            if state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0 { self?.leftTheScreen() }
        }
    }

    /// The window was minimised or the control hidden: the app left the foreground (A.6, C).
    private func leftTheScreen() {
        session.interrupt(.background)
        forgetPress()
    }

    /// The press on the mic (if any) is over without a lift the control will hear: the button may come up while
    /// the window is away, where GTK no longer reports it, or the gesture was reset. The session's control is told
    /// the touch was taken away; otherwise it would still be tracking the old press and ignore the next one. Fed
    /// after any interruption, on an idle session it only
    /// forgets the press; on a held take it would end it as interrupted, as a cancelled touch does.
    func forgetPress() {
        // Whatever the gesture reports later for this press is not a new touch.
        pointerTarget = nil
        session.handle(.touchCancel)
    }

    private func sensitivityMayHaveChanged() {
        if gtk_widget_is_sensitive(widget) == 0 && session.phase != .idle { session.interrupt(.disabled) }
        requestFrames()
    }

    private func goAway() {
        guard !isGone else { return }
        isGone = true
        if tickID != 0 {
            gtk_widget_remove_tick_callback(canvas, tickID)
            tickID = 0
        }
        session.interrupt(.gone)
        sessionObservation?.cancel()
    }
}
