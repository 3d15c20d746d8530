import CGtk

/// The access-off hint's Settings action (SPEC A.7, C): a borderless button over the drawn link, so it can be
/// clicked, reached with Tab and activated by a screen reader; it opens the desktop's sound settings.
extension VoiceRecorderWidget {
    func buildSettingsButton() {
        // Borderless and transparent: the renderer draws the link; the button is what is clicked, focused and read.
        gtk_widget_add_css_class(settingsButton, "voicerecorder-settings-action")
        Self.installStyleSheet()
        gtk_widget_set_focusable(settingsButton, 1)
        GValues.setAccessible(
            settingsButton,
            [
                (GTK_ACCESSIBLE_PROPERTY_LABEL, messages.settings),
                (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, messages.accessOff),
            ])
        gtk_overlay_add_overlay(OpaquePointer(widget), settingsButton)
        gtk_widget_set_visible(settingsButton, 0)
    }

    /// The settings action's look, and the preview's buttons' (the renderer draws them; these are what is clicked,
    /// focused and read): no frame or fill of their own, a focus ring when reached by keyboard.
    private static let styleSheet = """
        button.voicerecorder-settings-action, button.voicerecorder-preview-button { background: none; border: none;
          box-shadow: none; color: transparent; min-height: 0; min-width: 0; padding: 0; margin: 0; }
        button.voicerecorder-settings-action:focus-visible, button.voicerecorder-preview-button:focus-visible {
          outline: 2px solid alpha(currentColor, 0); box-shadow: inset 0 0 0 2px @accent_color; border-radius: 6px; }
        """

    private nonisolated(unsafe) static var styleSheetInstalled = false

    /// Adds the settings action's style sheet to the display once (GTK's styling is per display).
    static func installStyleSheet() {
        guard !styleSheetInstalled, let display = gdk_display_get_default() else { return }
        styleSheetInstalled = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, styleSheet, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider),
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Shows the Settings action while the access-off hint is out; hiding it hands its focus back to the mic.
    func showSettingsAction(_ shown: Bool) {
        if !shown && focusIsInside(settingsButton) { gtk_widget_grab_focus(micButton) }
        gtk_widget_set_visible(settingsButton, shown ? 1 : 0)
        // A keyboard user who pressed the mic is taken to the action, so Return or Space opens the settings; the
        // focus comes back to the mic when the hint goes home.
        if shown && focusIsInside(micButton) { gtk_widget_grab_focus(settingsButton) }
        gtk_widget_queue_allocate(widget)
    }

    func settingsActivated() {
        let outcome = openSettings()
        onSettingsOpened?(outcome)
    }
}
