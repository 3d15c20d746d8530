import VoiceRecorderCore

/// Draws the hold-to-record control with Cairo and Pango: a pure function from a `ControlScene` to pixels on a cairo
/// context, headless (an image surface) or in a widget's draw callback.
///
/// The renderer measures text with Pango (so the layout's text sizes come from real fonts), builds the core's
/// `BandLayout` and draws it; every position, size, opacity and neck comes from that layout, so the renderer holds no
/// thresholds or timings. It keeps shaped text between frames: make one per widget and use it from one thread.
///
/// Coordinates are the band's (see `BandLayout`): the widget translates so the band's origin is where the row starts
/// (`overflowAbove` points below its top, when it draws above the row).
public final class ControlRenderer {
    private let texts = TextCache()
    private let glass: GlassLayerCache

    /// A renderer with empty caches.
    ///
    /// - Parameter drawsGlassWithCairoAlone: draw the glass and its shadow afresh every frame with cairo's own
    ///   gradients, groups and masks, keeping no pixels (the picture the renderer's device-pixel path is checked
    ///   against, to within rounding; the benchmark's reference). False, the default, is the fast path.
    public init(drawsGlassWithCairoAlone: Bool = false) {
        glass = GlassLayerCache(drawsWithCairoAlone: drawsGlassWithCairoAlone)
    }

    // MARK: Measuring and laying out

    /// The sizes of the scene's texts in points, measured with the control's fonts: the clock's reserved width
    /// (the maximum's text, tabular digits), the words "Slide to cancel", and the hint wrapped at the widest a hint
    /// may be (empty when there is no hint).
    public func measure(_ scene: ControlScene) -> BandLayoutInput.Text {
        let direction = scene.layout.direction
        let scale = scene.layout.textScale
        let labelSize = ControlTypography.labelSize(scale)
        let clock = texts.layout(
            ClockFormat.reservedWidthText(maximum: scene.maximumDuration), role: .clock,
            size: labelSize, direction: direction
        ).size
        let words = texts.layout(scene.slideToCancelText, role: .label, size: labelSize, direction: direction).size
        var hint = Size.zero
        if let layout = hintLayout(scene, wrapWidth: hintWrapWidth(scene)) { hint = layout.size }
        return BandLayoutInput.Text(clock: clock, slideToCancel: words, hint: hint)
    }

    /// The scene's layout input with the measured text sizes in it.
    public func measuredInput(_ scene: ControlScene) -> BandLayoutInput {
        var input = scene.layout
        input.text = measure(scene)
        return input
    }

    /// The band layout the scene is drawn from (with measured text): the widget hit-tests the mic, the trash and
    /// the send button against its shapes, and sizes itself from its `bounds`.
    public func layout(for scene: ControlScene) -> BandLayout { BandLayout(measuredInput(scene)) }

    /// Where the access-off hint's Settings action is drawn, in band coordinates (nil when the scene's hint has no
    /// action or is home), for the widget to hit-test a click on it.
    public func settingsActionRect(for scene: ControlScene) -> Rect? {
        settingsActionRect(for: scene, layout: layout(for: scene))
    }

    func settingsActionRect(for scene: ControlScene, layout: BandLayout) -> Rect? {
        guard scene.hintHasSettingsAction, let hint = layout.hint,
            let text = hintLayout(scene, wrapWidth: hintWrapWidth(scene)), let link = hintLinkRange(scene)
        else { return nil }
        let box = text.box(utf8Range: link)
        return Rect(x: hint.text.minX + box.minX, y: hint.text.minY + box.minY, width: box.width, height: box.height)
    }

    // MARK: Drawing

    /// Draws `scene` on a cairo context someone else owns (`cairo_t *`, e.g. from a GTK draw callback), in band
    /// coordinates. `scale` is the device pixels per point, which the context's own transform already applies; it is
    /// only a hint for detail (the renderer draws resolution-independently).
    public func draw(scene: ControlScene, on cairoContext: OpaquePointer, scale: Double = 1) {
        draw(scene: scene, in: CairoContext(retaining: cairoContext), scale: scale)
    }

    /// Draws `scene` in `context`, in band coordinates; returns the layout it drew.
    @discardableResult
    public func draw(scene: ControlScene, in context: CairoContext, scale: Double = 1) -> BandLayout {
        let layout = layout(for: scene)
        let palette = ControlPalette(scene: scene)
        context.withSavedState {
            drawContentField(scene, layout: layout, palette: palette, on: context)
            glass.draw(layout, scene: scene, palette: palette, on: context)
            drawMicAccent(scene, layout: layout, palette: palette, on: context)
            drawCapsule(scene, layout: layout, palette: palette, on: context)
            drawLane(layout, palette: palette, on: context)
            drawBubbles(layout, palette: palette, on: context)
            drawPauseBubble(layout, palette: palette, on: context)
            drawHint(scene, layout: layout, palette: palette, on: context)
            drawMicGlyph(scene, layout: layout, palette: palette, on: context)
        }
        return layout
    }

    // MARK: Texts

    /// The widest the hint's text is laid out.
    private func hintWrapWidth(_ scene: ControlScene) -> Double {
        BandLayout.hintMaxTextWidth(width: scene.layout.width, scale: scene.layout.textScale)
    }

    /// The text the hint shows: its message, and for access-off its Settings action after it.
    func hintDisplayText(_ scene: ControlScene) -> String {
        scene.hintHasSettingsAction ? scene.hintText + Self.actionSeparator + scene.settingsText : scene.hintText
    }

    /// Between the access-off message and its action.
    private static let actionSeparator = " \u{00B7} "

    /// The Settings action's UTF-8 byte range in the hint's text.
    private func hintLinkRange(_ scene: ControlScene) -> Range<Int>? {
        guard scene.hintHasSettingsAction else { return nil }
        let start = (scene.hintText + Self.actionSeparator).utf8.count
        return start ..< start + scene.settingsText.utf8.count
    }

    func hintLayout(_ scene: ControlScene, wrapWidth: Double) -> PangoTextLayout? {
        guard scene.hint != nil, !scene.hintText.isEmpty else { return nil }
        return texts.layout(
            hintDisplayText(scene), role: .hint, size: ControlTypography.hintSize(scene.layout.textScale),
            wrapWidth: wrapWidth, link: hintLinkRange(scene), direction: scene.layout.direction)
    }

    func textLayout(_ text: String, role: TextRole, size: Double, direction: LayoutDirection) -> PangoTextLayout {
        texts.layout(text, role: role, size: size, direction: direction)
    }
}
