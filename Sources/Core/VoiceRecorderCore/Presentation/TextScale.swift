/// How the control grows with the text size (SPEC A.16).
public struct TextScale: Sendable, Equatable {
    /// The user's text scale: 1 is the default size.
    public var value: Double

    /// The largest text scale that is not an accessibility size (iOS's largest standard size, 23 pt over 17 pt).
    /// The time and "Slide to cancel" stop growing here.
    public static let largestStandard = 23.0 / 17.0

    /// A text scale; a value that is not a positive number means the default size, 1.
    public init(_ value: Double) { self.value = value.isFinite && value > 0 ? value : 1 }

    /// How much shapes and glyphs grow: part way with the text, at most 1.4 ×.
    public var grow: Double { min(max(value, 1), 1.4) }

    /// How much the clock and "Slide to cancel" text grow: with the text up to the largest standard size.
    public var labelGrow: Double { min(max(value, 0), Self.largestStandard) }

    /// Whether this is an accessibility text size: "Slide to cancel" drops to its chevron and hints wrap.
    public var isAccessibilitySize: Bool { value > Self.largestStandard + 1e-9 }
}
