import CGtk
import VoiceRecorderGTK

/// The demo's look beyond the theme: message bubbles and tabular digits (loaded once for the display).
enum DemoStyle {
    static let css = """
        .voice-bubble { background-color: alpha(#3584e4, 0.14); border-radius: 20px; padding: 6px 14px 6px 6px; }
        .voice-bubble:dir(rtl) { padding: 6px 6px 6px 14px; }
        .voice-bubble .play-button { padding: 0; min-width: 36px; min-height: 36px; border-radius: 18px;
          background: none; box-shadow: none; border: none; }
        .voice-bubble .time { font-feature-settings: "tnum"; font-size: smaller; opacity: 0.75; }
        .voice-bubble .error-text { color: #c01c28; font-size: smaller; }
        .message-list { background: none; }
        """

    /// Adds the style sheet to the display, once, above the theme.
    static func install() { StyleSheet.install(css) }
}
