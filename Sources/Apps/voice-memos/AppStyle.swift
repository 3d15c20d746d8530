import CAdwaita
import CGtk
import VoiceRecorderGTK

/// The app's look beyond libadwaita's: the memo rows, the marks, the title field that reads as a title until it
/// is edited. Colours are the theme's named colours, so light, dark and high contrast follow it.
///
/// The status pages' icons ("No Memos Yet", …) are drawn at 96 px, not libadwaita's 128: Adwaita has these
/// symbolic icons as PNGs only up to 96 px, and asking for 128 opens the SVG loader (librsvg, libxml2 and ICU:
/// 9.7 MiB of a window at rest, docs/BENCHMARKS.md) for four icons.
enum AppStyle {
    static let css = """
        gridview.memo-list { background: none; padding: 6px 12px 12px 12px; }
        gridview.memo-list > child { padding: 0; margin: 10px 0 0 0; border-radius: 12px;
          background-color: @card_bg_color; color: @card_fg_color;
          box-shadow: 0 0 0 1px rgba(0, 0, 6, 0.03), 0 1px 3px 1px rgba(0, 0, 6, 0.07), 0 2px 6px 2px rgba(0, 0, 6, 0.03); }
        gridview.memo-list > child:focus-visible { outline-offset: -2px; }
        .memo-row { padding: 10px 12px 10px 12px; }
        .memo-row .play-button { min-width: 40px; min-height: 40px; }
        .memo-row entry.title-entry { background: none; box-shadow: none; outline: none; font-weight: bold;
          min-height: 30px; padding-left: 8px; padding-right: 8px; }
        .memo-row entry.title-entry:hover { background-color: alpha(currentColor, 0.05); }
        .memo-row entry.title-entry:focus-within { background-color: alpha(currentColor, 0.08);
          box-shadow: inset 0 0 0 2px alpha(@accent_color, 0.5); }
        .memo-row .time { min-width: 3em; }
        .memo-row .speed-button { min-width: 44px; min-height: 28px; padding: 0 6px; }
        .memo-row .mark { border-radius: 99px; padding: 0 7px; font-weight: bold; }
        .memo-row .mark.accent { background-color: alpha(@accent_bg_color, 0.15); color: @accent_color; }
        .memo-row .mark.error { background-color: alpha(@error_bg_color, 0.15); color: @error_color; }
        .deleted-row { padding: 12px; }
        .record-bar { border-top: 1px solid alpha(currentColor, 0.08); }
        .record-hint { padding-left: 6px; padding-right: 6px; }
        statuspage .icon { -gtk-icon-size: 96px; }
        .memo-row button.transcript-line { padding: 0 8px; min-height: 22px; font-weight: normal; }
        .memo-row button.transcript-line label { font-size: 0.95em; }
        textview.transcript-text { font-size: 1.15em; }
        textview.transcript-text text { background: none; }
        .edit-handle { background-color: @accent_bg_color; border-radius: 8px; min-width: 16px;
          box-shadow: 0 1px 3px rgba(0, 0, 0, 0.25); }
        .edit-handle:focus-visible { outline: 2px solid @accent_color; outline-offset: 2px; }
        """

    /// The word being heard in the transcript view: the accent colour, lightly, so the text stays readable in
    /// light and dark styles (a text tag takes a colour, not a theme's named one).
    static let heardWordBackground = "rgba(53, 132, 228, 0.3)"

    /// Adds the style sheet to the display, once, above the theme.
    static func install() { StyleSheet.install(css) }
}
