import VoiceRecorderCore

/// The control's type (SPEC A.16): one weight, semibold, in a family named explicitly so text measures the same on
/// every machine that has it (DejaVu Sans ships with Debian's font configuration; the generic sans is the fallback).
public enum ControlTypography {
    /// The font family list, first match wins.
    public static let family = "DejaVu Sans, sans-serif"
    /// All of the control's text is semibold.
    public static let weight = 600
    /// The app content's sample placeholder is the app's text, not the control's: regular.
    public static let placeholderWeight = 400
    /// The clock and "Slide to cancel" at the default text size, in points; they grow with `TextScale.labelGrow`.
    public static let labelSize = 15.0
    /// Hints at the default text size, in points; they grow with the text scale itself and wrap.
    public static let hintSize = 15.0
    /// The sample placeholder, in points, growing with the text scale.
    public static let placeholderSize = 16.0

    /// The clock's and "Slide to cancel"'s size at `scale`.
    public static func labelSize(_ scale: TextScale) -> Double { labelSize * scale.labelGrow }
    /// The hint's size at `scale`.
    public static func hintSize(_ scale: TextScale) -> Double { hintSize * scale.value }
    /// The sample placeholder's size at `scale`.
    public static func placeholderSize(_ scale: TextScale) -> Double { placeholderSize * scale.value }
}
