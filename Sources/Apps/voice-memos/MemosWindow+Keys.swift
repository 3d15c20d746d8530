import CAdwaita
import CGtk
import VoiceRecorderGTK

/// The keys of SPEC B.10. On the window: Ctrl+F searches, Ctrl+Z undoes a delete or an edit (SPEC I.1), Ctrl+Q quits, Ctrl+W closes,
/// Escape (or Alt+←) leaves Recently Deleted. On the focused memo: Space plays or stops it, Delete deletes it, F2
/// renames it — except while the focus is in a text field, where those keys type.
extension MemosWindow {
    func connectKeys() {
        let shortcuts = gtk_shortcut_controller_new()!
        // Bubble phase: the focused widget sees a key first, so Ctrl+Z in a title field undoes the typing there.
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_BUBBLE)
        let bindings: [(String, () -> Bool)] = [
            ("<Control>f", { [weak self] in self?.toggleSearch() ?? false }),
            ("<Control>z", { [weak self] in self?.undoDelete() ?? false }),
            ("<Control>q", { [weak self] in self.map { g_application_quit(upcast($0.application)) } != nil }),
            ("<Control>w", { [weak self] in self.map { gtk_window_close(cast($0.window)) } != nil }),
            ("Escape", { [weak self] in self?.leaveRecentlyDeleted() ?? false }),
            ("<Alt>Left", { [weak self] in self?.leaveRecentlyDeleted() ?? false }),
        ]
        for (trigger, body) in bindings {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), Signals.callbackAction(body))
            gtk_shortcut_controller_add_shortcut(shortcuts, shortcut)
        }
        gtk_widget_add_controller(window, shortcuts)
        connectRowKeys(memoList.listView) { [weak self] in self?.memoList.focusedRow() }
    }

    /// Space, Delete and F2 on the focused memo. Capture phase, so Space reaches the memo before the focused button
    /// (which would activate itself): Space on the play button, on the row or on its speed button all mean the
    /// same. Text fields keep their keys.
    private func connectRowKeys(_ list: UnsafeMutablePointer<GtkWidget>, focusedRow: @escaping () -> (any ListRow)?) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            guard let self, state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
                !focusIsInTextField, let row = focusedRow()
            else { return false }
            switch Int32(bitPattern: keyval) {
            case GDK_KEY_space, GDK_KEY_KP_Space: row.togglePlay()
            case GDK_KEY_Delete, GDK_KEY_KP_Delete: row.delete()
            case GDK_KEY_F2: row.rename()
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(list, keys)
    }

    /// Whether the focus is in something that takes text (a title field, the search field).
    var focusIsInTextField: Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return false }
        return g_type_check_instance_is_a(
            UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self),
            gtk_editable_get_type()) != 0
    }

    /// Ctrl+F: opens the search bar and puts the focus in it; from the search field, closes it.
    private func toggleSearch() -> Bool {
        if searchBar.isSearching && searchEntry.widget.containsFocus {
            searchBar.isSearching = false
        } else {
            searchBar.isSearching = true
            searchEntry.grabFocus()
        }
        return true
    }

    /// Ctrl+Z: brings the memo just deleted back, or undoes the edit just saved, while a toast offers it (the
    /// later of the two when both do).
    private func undoDelete() -> Bool {
        let state = model.state
        if let edit = state.pendingEditUndo, edit.expiresAt >= state.pendingUndo?.expiresAt ?? 0 {
            model.send(.undoEditTapped)
            return true
        }
        guard state.pendingUndo != nil else { return false }
        model.send(.undoDelete)
        return true
    }

    private func leaveRecentlyDeleted() -> Bool {
        guard page == .recentlyDeleted else { return false }
        show(.memos)
        return true
    }
}

extension MemosWindow {
    /// Opens the search bar with `text` in it, as if typed (the desktop's search, SPEC J.1): the entry's own
    /// search-changed tells the model.
    func search(for text: String) {
        searchBar.isSearching = true
        searchEntry.text = text
        searchEntry.moveCursorToEnd()
    }
}

extension MemosWindow {
    /// Every key, click, touch and scroll in the window tells the model the person is here, so older memos'
    /// transcription waits until they leave the app alone (SPEC E.1). The events go on as if unseen.
    func watchPresence() {
        let events = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(events, GTK_PHASE_CAPTURE)
        Signals.connectEvent(UnsafeMutableRawPointer(events)) { [weak self] event in
            switch gdk_event_get_event_type(event) {
            case GDK_KEY_PRESS, GDK_BUTTON_PRESS, GDK_SCROLL, GDK_TOUCH_BEGIN: self?.model.personActive()
            default: break
            }
            return false
        }
        gtk_widget_add_controller(window, events)
    }
}
