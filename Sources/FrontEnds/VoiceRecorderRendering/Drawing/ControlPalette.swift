import VoiceRecorderCore

/// The colours one frame is drawn in: the style's colours resolved for the appearance (desaturated when disabled),
/// and the glass's own tints. The glass's tints are the look of the material (how white, how bright its rim), not
/// behaviour, so they live with the renderer.
struct ControlPalette {
    var label: RGBA
    var secondaryLabel: RGBA
    var accent: RGBA
    var accentInk: RGBA
    var bars: RGBA
    /// The glass's body, top and bottom of the group (a soft vertical sheen).
    var bodyTop: RGBA
    var bodyBottom: RGBA
    /// The light rim, top and bottom (brighter where light falls).
    var rimTop: RGBA
    var rimBottom: RGBA
    /// The hairline just outside the rim that separates the glass from a backdrop of the same brightness.
    var edge: RGBA
    /// The soft shadow under the glass.
    var shadow: GlassShadow
    /// The sample text field's fill and edge (snapshots and previews).
    var fieldFill: RGBA
    var fieldEdge: RGBA
    /// How strongly contents (glyphs, text, bars) are drawn: dimmed when the control is disabled.
    var contentOpacity: Double

    /// How far the rim reaches in from the outline, in points.
    static let rimWidth = 1.0
    /// How far the hairline reaches out from the outline, in points.
    static let edgeWidth = 0.6
    /// A disabled control's contents are drawn at this opacity (besides being desaturated).
    static let disabledContentOpacity = 0.5

    init(scene: ControlScene) {
        let appearance = scene.appearance
        let style = scene.layout.style.enabled(scene.isEnabled)
        label = style.label.resolved(for: appearance)
        secondaryLabel = style.secondaryLabel.resolved(for: appearance)
        accent = style.accent.resolved(for: appearance)
        accentInk = style.accentInk.resolved(for: appearance)
        bars = style.bars.resolved(for: appearance)
        shadow = GlassShadow.resolved(for: appearance)
        contentOpacity = scene.isEnabled ? 1 : Self.disabledContentOpacity
        let white = RGBA(red: 1, green: 1, blue: 1)
        let black = RGBA(red: 0, green: 0, blue: 0)

        switch SurfaceFill.resolve(reduceTransparency: scene.highContrast, appearance: appearance) {
        case .solid(let fill):
            bodyTop = fill
            bodyBottom = fill
            rimTop = fill
            rimBottom = fill
            // High contrast: a firm outline in the text colour instead of a soft hairline.
            edge = label.withAlpha(0.7)
            fieldFill = fill
            fieldEdge = label.withAlpha(0.7)
        case .glass where appearance == .light:
            bodyTop = white.withAlpha(0.86)
            bodyBottom = white.withAlpha(0.66)
            rimTop = white
            rimBottom = white.withAlpha(0.78)
            edge = black.withAlpha(0.10)
            fieldFill = white.withAlpha(0.92)
            fieldEdge = black.withAlpha(0.09)
        case .glass:
            bodyTop = white.withAlpha(0.17)
            bodyBottom = white.withAlpha(0.10)
            rimTop = white.withAlpha(0.42)
            rimBottom = white.withAlpha(0.16)
            edge = black.withAlpha(0.45)
            fieldFill = white.withAlpha(0.08)
            fieldEdge = white.withAlpha(0.12)
        }
    }
}

extension RGBA {
    /// The colour `fraction` of the way to `other`, component by component.
    func mixed(with other: RGBA, _ fraction: Double) -> RGBA {
        let t = min(max(fraction, 0), 1)
        return RGBA(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The same colour with its alpha multiplied by `factor`.
    func fading(_ factor: Double) -> RGBA { withAlpha(alpha * min(max(factor, 0), 1)) }
}
