import CGtk

/// An app's own CSS, added once to the default display above the theme (and below a person's own
/// `gtk.css`), so its classes style what the theme does not know.
public enum StyleSheet {
    /// Adds `css` to the default display at application priority. Does nothing before GTK has a display.
    public static func install(_ css: String) {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
