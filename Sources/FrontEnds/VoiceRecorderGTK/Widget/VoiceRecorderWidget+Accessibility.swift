import CGtk
import VoiceRecorderCore

/// What screen readers get (SPEC A.14, C): the mic button's label and description, the capsule element with its
/// spoken time, the trash button while hands-free — from the core's `AccessibilityModel`, updated when it changes.
/// The drawing surface is decoration (what it shows, those elements say) and is hidden; the overlay holding
/// everything is a nameless container.
extension VoiceRecorderWidget {
    func updateAccessibility(force: Bool) {
        updatePreviewAccessibility(force: force)
        let model = AccessibilityModel.make(
            phase: session.phase, screenReader: true, elapsed: session.clock,
            maximum: session.durations.maximum, messages: messages)
        guard force || model != lastAccessibility else { return }
        lastAccessibility = model
        GValues.setAccessible(
            micButton,
            [
                (GTK_ACCESSIBLE_PROPERTY_LABEL, model.micLabel),
                (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, model.micHint),
            ])
        gtk_widget_set_tooltip_text(micButton, model.micHint)
        if let capsule = model.capsule {
            gtk_label_set_text(OpaquePointer(capsuleElement), capsule.value ?? "")
            // GTK 4.8 reports a label's value text to AT-SPI only through its text; the description carries the
            // spoken time too, so screen readers that read names and descriptions hear it.
            GValues.setAccessible(
                capsuleElement,
                [
                    (GTK_ACCESSIBLE_PROPERTY_LABEL, capsule.label),
                    (GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, capsule.value),
                    (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, capsule.value),
                ])
        }
        gtk_widget_set_visible(capsuleElement, model.capsule == nil ? 0 : 1)
        if let trash = model.trash {
            GValues.setAccessible(trashButton, [(GTK_ACCESSIBLE_PROPERTY_LABEL, trash.label)])
        }
        gtk_widget_set_visible(trashButton, model.trash == nil ? 0 : 1)
    }

    /// The canvas only draws: unnamed, it would be read as "GtkDrawingArea".
    func hideDecorationFromScreenReaders() {
        GValues.setAccessibleHidden(canvas)
    }

    /// GTK 4.8 has no announcement API: the text goes into the mic's description, which screen readers report as
    /// it changes, and is restored by the next update.
    func announce(_ text: String) {
        GValues.setAccessible(micButton, [(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)])
    }
}
