import CGtk
import VoiceRecorderCore

/// What the desktop says about motion, text size, appearance and contrast (SPEC C), read from `GtkSettings`.
///
/// - Reduce Motion: `gtk-enable-animations` off.
/// - Text scale: `gtk-xft-dpi` over its 96 dpi default (what GNOME's "text scaling factor" changes).
/// - Dark: `gtk-application-prefer-dark-theme`.
/// - High contrast: the theme's name contains "HighContrast" (GNOME's HighContrast and HighContrastInverse; GTK 4.8
///   has no separate contrast setting, so the theme is the signal); HighContrastInverse also means dark.
public struct DesktopSettings: Sendable, Equatable {
    /// Bubbles fade in place, nothing swells or drifts.
    public var reduceMotion: Bool
    /// The desktop's text scaling factor.
    public var textScale: TextScale
    /// The dark appearance.
    public var dark: Bool
    /// Solid fills instead of glass.
    public var highContrast: Bool

    /// Explicit settings.
    public init(
        reduceMotion: Bool = false, textScale: TextScale = TextScale(1), dark: Bool = false,
        highContrast: Bool = false
    ) {
        self.reduceMotion = reduceMotion
        self.textScale = textScale
        self.dark = dark
        self.highContrast = highContrast
    }

    /// The default `GtkSettings` as they are now (defaults when there is no display).
    public static func current() -> DesktopSettings {
        guard let settings = gtk_settings_get_default() else { return DesktopSettings() }
        let object = UnsafeMutableRawPointer(settings)
        let dpi = GValues.int(object, "gtk-xft-dpi")
        let theme = GValues.string(object, "gtk-theme-name") ?? ""
        return DesktopSettings(
            reduceMotion: !GValues.bool(object, "gtk-enable-animations"),
            textScale: TextScale(dpi > 0 ? Double(dpi) / (96 * 1024) : 1),
            dark: GValues.bool(object, "gtk-application-prefer-dark-theme") || theme.hasSuffix("Inverse")
                || theme.lowercased().hasSuffix("-dark"),
            highContrast: theme.contains("HighContrast"))
    }

    /// Calls `body` whenever one of the settings read here changes.
    static func observe(_ body: @escaping () -> Void) {
        guard let settings = gtk_settings_get_default() else { return }
        for property in [
            "gtk-enable-animations", "gtk-xft-dpi", "gtk-application-prefer-dark-theme",
            "gtk-theme-name",
        ] {
            Signals.connectNotify(UnsafeMutableRawPointer(settings), property: property, body)
        }
    }
}
