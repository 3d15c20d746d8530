import CGtk
import VoiceRecorderGTK

/// The Keyboard Shortcuts window (Ctrl+?, and the main menu), described in Interface/help-overlay.ui.
enum ShortcutsWindow {
    static func make() -> UnsafeMutablePointer<GtkWidget> {
        let window = BuiltInterface(PackageResources.help_overlay_ui).widget("help_overlay")
        // Held past its description's builder, for the window that shows it.
        g_object_ref(UnsafeMutableRawPointer(window))
        return window
    }
}
