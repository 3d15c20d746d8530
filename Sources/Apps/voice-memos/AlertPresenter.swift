import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The model's alert as an `AdwMessageDialog` (SPEC B.2, B.4): shown while `state.alert` is set, closed when it is
/// not, and its buttons sent back as `.alertDismissed` or `.openSettingsTapped`. Also the window's own questions
/// and errors: the Delete Forever confirmation, and an export that failed.
final class AlertPresenter {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let model: MemosModel
    private var shown: (alert: MemosAlert, dialog: Window)?

    init(window: UnsafeMutablePointer<GtkWidget>, model: MemosModel) {
        self.window = window
        self.model = model
    }

    /// Shows `alert`, replacing the one shown, or closes the one shown when there is none.
    func render(_ alert: MemosAlert?) {
        guard alert != shown?.alert else { return }
        if let (_, dialog) = shown {
            shown = nil
            dialog.destroy()
        }
        guard let alert else { return }
        let dialog = makeDialog(
            alert.offersOpenSettings ? "alert-with-settings" : "alert", heading: alert.message,
            body: Self.body(of: alert))
        Signals.connectString(UnsafeMutableRawPointer(dialog.widget), "response") { [weak self] response in
            // Only the dialog on screen answers: one closed because the alert went away says nothing.
            guard let self, shown?.dialog.widget == dialog.widget else { return }
            shown = nil
            model.send(response == "settings" ? .openSettingsTapped : .alertDismissed)
        }
        shown = (alert, dialog)
        // The model's alerts have lines of their own (`alert`).
        present(dialog, inLine: false)
    }

    /// Asks before deleting a memo forever (its file too); `confirmed` runs on "Delete Forever".
    func confirmDeleteForever(title: String, confirmed: @escaping () -> Void) {
        let dialog = makeDialog(
            "delete-forever",
            body: tr("“{title}” and its audio will be deleted. This cannot be undone.").filling(["title": title]))
        Signals.connectString(UnsafeMutableRawPointer(dialog.widget), "response") { response in
            if response == "delete" { confirmed() }
        }
        present(dialog)
    }

    /// Says that something the window did itself failed (an export), with a plain dismiss.
    func showError(_ heading: String, _ body: String) {
        present(makeDialog("error", heading: heading, body: body))
    }

    /// The dialog `id` of Interface/dialogs.ui (its answers and their looks), for the window, saying `heading`
    /// (the description's own when nil) and `body`.
    private func makeDialog(_ id: String, heading: String? = nil, body: String?) -> Window {
        // A window: GTK holds it once built, until it is closed or destroyed.
        let dialog = BuiltInterface(PackageResources.dialogs_ui, only: [id]).window(id)
        dialog.belong(to: window, modal: true)
        let message: UnsafeMutablePointer<AdwMessageDialog> = cast(dialog.widget)
        if let heading { adw_message_dialog_set_heading(message, heading) }
        if let body { adw_message_dialog_set_body(message, body) }
        // Not shown (a message dialog has no title bar): it names the dialog's window for the desktop and scripts.
        dialog.title = String(cString: adw_message_dialog_get_heading(message))
        return dialog
    }

    /// Shows `dialog`, named in a `dialog` line when `inLine`.
    private func present(_ dialog: Window, inLine: Bool = true) {
        if inLine { EventLine.print(["event": "dialog", "text": .string(dialog.title ?? "")]) }
        AccessibleNames.fix(under: dialog.widget)
        dialog.present()
    }

    /// What the alert says under its heading, if anything.
    static func body(of alert: MemosAlert) -> String? {
        switch alert {
        case .permissionRequired: tr("Check that a microphone is connected and allowed in the sound settings.")
        case .recordingFailed: tr("Whatever it recorded has been kept as a recovered memo.")
        case .playbackFailed: tr("Its audio could not be read. The memo stays in the list.")
        case .failed: nil
        }
    }
}

/// What a toast with Undo offers: its words, the action its button sends, and what makes it a new offer.
struct UndoOffer: Equatable {
    let text: String
    let undo: MemosAction
    let identity: String

    /// "Memo deleted" (SPEC B.6).
    static func delete(_ pending: MemosState.PendingUndo) -> UndoOffer {
        UndoOffer(text: AppText.memoDeleted, undo: .undoDelete, identity: "\(pending)")
    }

    /// "Memo trimmed" and the like, after a save in the editor or a revert (SPEC I.1).
    static func edit(_ pending: MemosState.PendingEditUndo) -> UndoOffer {
        UndoOffer(text: AppText.saved(pending.kind), undo: .undoEditTapped, identity: "\(pending)")
    }
}

/// A toast with Undo ("Memo deleted", SPEC B.6; "Memo trimmed", I.1), shown while the model offers the undo and
/// dismissed when it stops offering it: the 5 seconds are the model's, so the toast has no timeout of its own.
final class UndoToastPresenter {
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let model: MemosModel
    private var shown: (offer: UndoOffer, toast: OpaquePointer)?

    init(overlay: UnsafeMutablePointer<GtkWidget>, model: MemosModel) {
        self.overlay = overlay
        self.model = model
    }

    func render(_ offer: UndoOffer?) {
        guard offer != shown?.offer else { return }
        if let (_, toast) = shown {
            shown = nil
            adw_toast_dismiss(toast)
            g_object_unref(UnsafeMutableRawPointer(toast))
        }
        guard let offer, let toast = adw_toast_new(offer.text) else { return }
        adw_toast_set_button_label(toast, AppText.undo)
        adw_toast_set_timeout(toast, 0)
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        Signals.connect(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self] in
            self?.model.send(offer.undo)
        }
        // The overlay takes its own reference; this one keeps the toast until the model lets go of the undo.
        g_object_ref(UnsafeMutableRawPointer(toast))
        shown = (offer, toast)
        AccessibleNames.show(toast, on: overlay)
    }
}
