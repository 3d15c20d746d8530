import CGtk
import VoiceRecorderGTK

/// The window's own keys (Ctrl+D) and the `window` lines that follow it being minimised or mapped.
extension DemoApp {
    /// Ctrl+D toggles the control's sensitivity (what an app does while, say, a message is being sent).
    func connectShortcuts() {
        let keys = gtk_event_controller_key_new()!
        // Capture phase: the entry would otherwise see Ctrl+D first.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            guard let self, [GDK_KEY_d, GDK_KEY_D].contains(Int32(bitPattern: keyval)),
                state.rawValue & GDK_CONTROL_MASK.rawValue != 0
            else { return false }
            let sensitive = gtk_widget_get_sensitive(self.recorder.widget) == 0
            // The focus leaves the control first: a text field made insensitive while focused never hears it go.
            if !sensitive, let root = gtk_widget_get_root(self.window), let focus = gtk_root_get_focus(root),
                focus == self.recorder.widget || gtk_widget_is_ancestor(focus, self.recorder.widget) != 0
            {
                gtk_root_set_focus(root, nil)
            }
            gtk_widget_set_sensitive(self.recorder.widget, sensitive ? 1 : 0)
            EventPrinter.print(["event": "sensitive", "sensitive": .bool(sensitive)])
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Prints a `window` line each time the window is minimised or restored (the toplevel surface's state), or
    /// leaves or comes back to the screen (the surface's mapping), so scripts know when it can be clicked again.
    func watchMinimized() {
        guard let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native) else { return }
        var last = (minimized: false, mapped: gdk_surface_get_mapped(surface) != 0)
        let report = {
            let now = (
                minimized: gdk_toplevel_get_state(surface).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0,
                mapped: gdk_surface_get_mapped(surface) != 0
            )
            guard now != last else { return }
            last = now
            EventPrinter.print(["event": "window", "minimized": .bool(now.minimized), "mapped": .bool(now.mapped)])
        }
        Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "state", report)
        Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "mapped", report)
    }
}
