/// How a glass part of the control is filled (SPEC A.18): frosted glass, or a solid fill when the user asked for
/// reduced transparency or higher contrast.
public enum SurfaceFill: Sendable, Equatable {
    /// The translucent frosted surface, with its rim and shadow.
    case glass
    /// An opaque fill in this colour.
    case solid(RGBA)

    /// The fill for the current settings.
    public static func resolve(reduceTransparency: Bool, appearance: Appearance) -> SurfaceFill {
        reduceTransparency ? .solid(Style.solidFill.resolved(for: appearance)) : .glass
    }
}

/// The glass's soft shadow (SPEC A.18): 7 % black, blur radius 18, 8 pt down, in the light appearance.
public struct GlassShadow: Sendable, Equatable {
    /// The shadow's colour.
    public var color: RGBA
    /// The blur radius, in points.
    public var radius: Double
    /// How far down the shadow falls, in points.
    public var offsetY: Double

    /// The shadow in `appearance`: the light appearance's 7 % black; in the dark one a shadow on a dark backdrop is
    /// invisible at 7 %, so it is deepened to 30 % to keep the bubbles lifted.
    public static func resolved(for appearance: Appearance) -> GlassShadow {
        GlassShadow(
            color: RGBA(red: 0, green: 0, blue: 0, alpha: appearance == .light ? 0.07 : 0.3),
            radius: 18, offsetY: 8)
    }
}

extension AdaptiveColor {
    /// Both appearances with their saturation removed.
    public var desaturated: AdaptiveColor { AdaptiveColor(light: light.desaturated, dark: dark.desaturated) }
}

extension Style {
    /// The style of a disabled control (SPEC A.6): every colour desaturated, so the red turns grey.
    public var disabled: Style {
        var style = self
        style.accent = accent.desaturated
        style.accentInk = accentInk.desaturated
        style.label = label.desaturated
        style.secondaryLabel = secondaryLabel.desaturated
        style.bars = bars.desaturated
        return style
    }

    /// The style, desaturated when `isEnabled` is false.
    public func enabled(_ isEnabled: Bool) -> Style { isEnabled ? self : disabled }
}
