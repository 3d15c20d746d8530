/// An sRGB colour with alpha, each component 0…1.
public struct RGBA: Sendable, Equatable {
    /// The components, each 0…1.
    public var red, green, blue, alpha: Double
    /// A colour from its components, each 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    /// A colour from a 0xRRGGBB number.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> RGBA { RGBA(red: red, green: green, blue: blue, alpha: alpha) }
    /// The colour with its saturation removed (a disabled control turns its red grey, SPEC A.6).
    public var desaturated: RGBA {
        let luma = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        return RGBA(red: luma, green: luma, blue: luma, alpha: alpha)
    }
}

/// The light or dark appearance.
public enum Appearance: String, Sendable, Equatable {
    /// Dark ink on a light backdrop.
    case light
    /// Light ink on a dark backdrop.
    case dark
}

/// A colour that follows the appearance.
public struct AdaptiveColor: Sendable, Equatable {
    /// The colour in the light appearance.
    public var light: RGBA
    /// The colour in the dark appearance.
    public var dark: RGBA
    /// A colour with one value per appearance.
    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }
    /// One colour for both appearances.
    public init(_ both: RGBA) { self.init(light: both, dark: both) }
    /// The colour to draw in `appearance`.
    public func resolved(for appearance: Appearance) -> RGBA { appearance == .light ? light : dark }
}

/// The control's look (SPEC A.18). Values are clamped to what keeps the control usable.
public struct Style: Sendable, Equatable {
    /// The signal colour: recording mic, send button, recording dot, countdown block.
    public var accent: AdaptiveColor
    /// Glyphs and digits drawn on the accent colour.
    public var accentInk: AdaptiveColor
    /// Text and glyphs.
    public var label: AdaptiveColor
    /// Quieter text ("Slide to cancel").
    public var secondaryLabel: AdaptiveColor
    /// The level bars.
    public var bars: AdaptiveColor
    private var _height: Double
    private var _barWidth: Double
    private var _barSpacing: Double

    /// The control's height before text scaling, in points: default 52, never below 44.
    public var height: Double {
        get { _height }
        set { _height = Self.clamp(newValue, minimum: 44, fallback: 52) }
    }
    /// The width of one level bar: default 3, at least 1.
    public var barWidth: Double {
        get { _barWidth }
        set { _barWidth = Self.clamp(newValue, minimum: 1, fallback: 3) }
    }
    /// The gap between bars: default 2, at least 0.
    public var barSpacing: Double {
        get { _barSpacing }
        set { _barSpacing = Self.clamp(newValue, minimum: 0, fallback: 2) }
    }

    /// The default text colour (light #141414, dark #F4F3EF); the bars follow it unless given their own.
    public static let defaultLabel = AdaptiveColor(light: RGBA(hex: 0x141414), dark: RGBA(hex: 0xF4F3EF))

    /// A style; every value has the default of SPEC A.18, and geometry is clamped to what keeps the control usable.
    public init(
        accent: AdaptiveColor = AdaptiveColor(RGBA(hex: 0xFF0000)),
        accentInk: AdaptiveColor = AdaptiveColor(RGBA(hex: 0x141414)),
        label: AdaptiveColor = Style.defaultLabel,
        secondaryLabel: AdaptiveColor = AdaptiveColor(light: RGBA(hex: 0x5C5A56), dark: RGBA(hex: 0xA6A49F)),
        bars: AdaptiveColor? = nil,
        height: Double = 52, barWidth: Double = 3, barSpacing: Double = 2
    ) {
        self.accent = accent
        self.accentInk = accentInk
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.bars = bars ?? label
        _height = Self.clamp(height, minimum: 44, fallback: 52)
        _barWidth = Self.clamp(barWidth, minimum: 1, fallback: 3)
        _barSpacing = Self.clamp(barSpacing, minimum: 0, fallback: 2)
    }

    /// The control's height after text scaling: `height × grow` (*side* in docs/SPEC.md's terms; grow is SPEC A.16).
    public func side(_ scale: TextScale) -> Double { height * scale.grow }

    /// Solid fills used instead of glass under high contrast / reduced transparency.
    public static let solidFill = AdaptiveColor(light: RGBA(hex: 0xF7F7F7), dark: RGBA(hex: 0x2B2B2B))

    private static func clamp(_ value: Double, minimum: Double, fallback: Double) -> Double {
        value.isFinite ? max(value, minimum) : fallback
    }
}
