import CAdwaita
import CGtk
import VoiceRecorder
import VoiceRecorderGTK

/// What libadwaita's own parts would say to screen readers, put right (SPEC C: nothing is read as a toolkit
/// class). GTK 4.8 reads a part that has neither a name nor a nameless role by its class: the header bar's inner
/// boxes ("AdwGizmo"), the window title ("AdwWindowTitle"), a message dialog's row of buttons ("AdwSqueezer"), the
/// scroll bars inside status pages ("GtkScrollbar", "GtkRange"). The boxes are named after the header bar, the title
/// after what it says (`MemosWindow.setTitle`), the dialog's row "Responses", and the status pages' scroll bars hidden (a status page is read through its labels; its bars never show at the window's sizes).
enum AccessibleNames {
    /// Fixes the parts under `root` (the window, or a dialog).
    static func fix(under root: UnsafeMutablePointer<GtkWidget>) {
        visit(root, insideStatusPage: false)
    }

    /// Shows `toast` on `overlay` (every toast of the app goes through here), with its parts named: libadwaita makes
    /// a toast's widget as it shows it.
    static func show(_ toast: OpaquePointer, on overlay: UnsafeMutablePointer<GtkWidget>) {
        adw_toast_overlay_add_toast(OpaquePointer(overlay), toast)
        fix(under: overlay)
    }

    private static func visit(_ widget: UnsafeMutablePointer<GtkWidget>, insideStatusPage: Bool) {
        let type = typeName(widget)
        switch type {
        case "AdwGizmo" where hasAncestor(widget, named: "AdwHeaderBar"):
            GValues.setAccessibleLabel(widget, tr("Header bar"))
        case "GtkScrollbar" where insideStatusPage: GValues.setAccessibleHidden(widget)
        // A message dialog's row of buttons.
        case "AdwSqueezer" where hasAncestor(widget, named: "AdwMessageDialog"):
            GValues.setAccessibleLabel(widget, tr("Responses"))
        // A toast's close button, an icon alone: read as "GtkImage".
        case "GtkButton"
        where gtk_widget_has_css_class(widget, "circular") != 0 && hasAncestor(widget, named: "AdwToastWidget"):
            GValues.setAccessibleLabel(widget, tr("Dismiss"))
        default: break
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, insideStatusPage: insideStatusPage || type == "AdwStatusPage")
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The GObject type name of `widget` ("GtkLabel", "AdwGizmo").
    static func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        guard let typeClass = instance.pointee.g_class, let name = g_type_name(typeClass.pointee.g_type) else {
            return ""
        }
        return String(cString: name)
    }

    private static func hasAncestor(_ widget: UnsafeMutablePointer<GtkWidget>, named name: String) -> Bool {
        var parent = gtk_widget_get_parent(widget)
        while let current = parent {
            if typeName(current) == name { return true }
            parent = gtk_widget_get_parent(current)
        }
        return false
    }
}

/// A `GtkMenuButton` read once by screen readers: GTK 4.8 exposes the button and the toggle inside it as two
/// elements, so the button is made nameless (generic) and its toggle — what takes the focus and opens the menu —
/// carries the name.
enum AccessibleMenuButton {
    /// Names the one element of `button`, a menu button made with the generic role (in code, or in a description).
    static func name(_ button: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        if let toggle = gtk_widget_get_first_child(button) { GValues.setAccessibleLabel(toggle, name) }
    }

    /// Gives `button` the menu `model`, and the menu the button's `name`: GTK 4.8 names a popover menu by its class
    /// ("GtkPopoverMenu"), which is what a screen reader would read as the menu opens.
    static func setMenu(
        _ model: UnsafeMutablePointer<GMenuModel>, of button: UnsafeMutablePointer<GtkWidget>, named name: String
    ) {
        gtk_menu_button_set_menu_model(OpaquePointer(button), model)
        if let popover = gtk_menu_button_get_popover(OpaquePointer(button)) {
            GValues.setAccessibleLabel(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self), name)
        }
    }
}
