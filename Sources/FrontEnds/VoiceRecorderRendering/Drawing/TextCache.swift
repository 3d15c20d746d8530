import VoiceRecorderCore

/// The kinds of text the control draws, each with its own font.
enum TextRole: Hashable {
    /// The clock's digits: semibold, tabular.
    case clock
    /// "Slide to cancel".
    case label
    /// A hint bubble's text (wrapped), with the Settings action underlined when it has one.
    case hint
    /// The sample text field's placeholder.
    case placeholder
}

/// Pango layouts reused from frame to frame: shaping text is the costliest part of a frame, and from one frame to
/// the next the texts rarely change (the clock once a second).
final class TextCache {
    private struct Key: Hashable {
        var text: String
        var role: TextRole
        var size: Double
        var wrapWidth: Double?
        var link: Range<Int>?
        var direction: LayoutDirection
    }

    /// Enough for every text of a few scenes; past it the cache starts over rather than growing without bound.
    private static let capacity = 64

    private var layouts: [Key: PangoTextLayout] = [:]
    private var engines: [LayoutDirection: PangoTextEngine] = [:]
    private var fonts: [Key: PangoFont] = [:]

    /// The layout of `text` in `role` at `size` points, wrapped at `wrapWidth`, with the UTF-8 range `link`
    /// underlined.
    func layout(
        _ text: String, role: TextRole, size: Double, wrapWidth: Double? = nil, link: Range<Int>? = nil,
        direction: LayoutDirection
    ) -> PangoTextLayout {
        let key = Key(text: text, role: role, size: size, wrapWidth: wrapWidth, link: link, direction: direction)
        if let layout = layouts[key] { return layout }
        if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
        let layout = engine(direction).layout(text, font: font(role: role, size: size))
        if role == .clock { layout.useTabularDigits() }
        if let link { layout.underline(utf8Range: link) }
        layout.setWrapWidth(wrapWidth)
        layouts[key] = layout
        return layout
    }

    private func engine(_ direction: LayoutDirection) -> PangoTextEngine {
        if let engine = engines[direction] { return engine }
        let engine = PangoTextEngine(direction: direction)
        engines[direction] = engine
        return engine
    }

    private func font(role: TextRole, size: Double) -> PangoFont {
        let weight = role == .placeholder ? ControlTypography.placeholderWeight : ControlTypography.weight
        let key = Key(
            text: "", role: role == .placeholder ? .placeholder : .label, size: size, wrapWidth: nil,
            link: nil, direction: .leftToRight)
        if let font = fonts[key] { return font }
        let font = PangoFont(family: ControlTypography.family, weight: weight, size: size)
        fonts[key] = font
        return font
    }
}
