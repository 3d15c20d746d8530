import VoiceRecorderCore

/// One piece of the liquid group's outline: a part's shape or a neck between two parts.
enum GlassPiece {
    case shape(GlassShape)
    case neck(LiquidNeck)

    /// Adds the piece's outline moved `outset` points outward (negative: inward) to the context's path.
    ///
    /// A shape grows with its corner radius. A neck's sides are fillet circles touching both shapes from outside, so
    /// the same fillet circles shrunk by `outset` touch the grown shapes: the neck's outline stays tangent to theirs
    /// and the rim and hairline run smoothly through the waist. (Its chords lie inside the shapes and never show.)
    func addPath(outset: Double, to context: CairoContext) {
        switch self {
        case .shape(let shape):
            let rect = Rect(minX: shape.rect.minX - outset, minY: shape.rect.minY - outset,
                            maxX: shape.rect.maxX + outset, maxY: shape.rect.maxY + outset)
            guard rect.width > 0, rect.height > 0 else { return }
            context.roundedRectangle(rect, radius: shape.cornerRadius + outset)
        case .neck(let neck):
            guard neck.fillets.count == 2 else { return }
            let arcs = neck.fillets.map { fillet in
                var arc = fillet
                arc.radius -= outset
                return arc
            }
            // A fillet thinner than the outset has no grown counterpart: the grown shapes already meet there.
            guard arcs.allSatisfy({ $0.radius > 0 }) else { return }
            context.newSubPath()
            context.move(to: arcs[0].start)
            context.arc(center: arcs[0].center, radius: arcs[0].radius, startAngle: arcs[0].startAngle,
                        sweep: arcs[0].sweep)
            context.line(to: arcs[1].start)
            context.arc(center: arcs[1].center, radius: arcs[1].radius, startAngle: arcs[1].startAngle,
                        sweep: arcs[1].sweep)
            context.closePath()
        }
    }

    /// Fills every piece of `pieces`, each on its own (`fill` once per piece, so pieces drawn clockwise and
    /// anticlockwise never cancel out where they overlap).
    static func fill(_ pieces: [GlassPiece], outset: Double, on context: CairoContext) {
        for piece in pieces {
            piece.addPath(outset: outset, to: context)
            context.fill()
        }
    }
}

/// Draws the liquid group (SPEC A.1, A.18): every glass part and every neck filled as one union of frosted glass,
/// with a light rim and a hairline edge following the union's outline, under a soft shadow.
enum GlassPainter {
    /// The liquid group's pieces gathered by opacity: parts (and necks) sharing an opacity are drawn as one union,
    /// so their overlaps don't double the glass's translucency; a fading part (Reduce Motion, a dimmed mic) is its
    /// own layer.
    static func layers(of layout: BandLayout) -> [(opacity: Double, pieces: [GlassPiece])] {
        var layers: [(opacity: Double, pieces: [GlassPiece])] = []
        func add(_ piece: GlassPiece, opacity: Double) {
            guard opacity > 0 else { return }
            if let index = layers.firstIndex(where: { abs($0.opacity - opacity) < 1e-6 }) {
                layers[index].pieces.append(piece)
            } else {
                layers.append((opacity, [piece]))
            }
        }
        for part in layout.glass { add(.shape(part.shape), opacity: part.opacity) }
        for neck in layout.necks { add(.neck(neck.neck), opacity: neck.opacity) }
        return layers
    }

    /// The union's outline grown by the hairline, where glass can be drawn.
    static func glassBounds(_ layout: BandLayout) -> Rect {
        let grown = ControlPalette.edgeWidth + 1
        return Rect(minX: layout.bounds.minX - grown, minY: layout.bounds.minY - grown,
                    maxX: layout.bounds.maxX + grown, maxY: layout.bounds.maxY + grown)
    }

    /// Where the glass and its shadow can draw.
    static func paintedArea(_ layout: BandLayout, palette: ControlPalette) -> Rect {
        let bounds = glassBounds(layout)
        let margin = ShadowPainter.margin(palette.shadow)
        return Rect(minX: bounds.minX - margin, minY: bounds.minY - margin + min(palette.shadow.offsetY, 0),
                    maxX: bounds.maxX + margin, maxY: bounds.maxY + margin + max(palette.shadow.offsetY, 0))
    }

    /// Draws the glass of `layout`: shadow first, then each layer.
    static func draw(_ layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        let layers = layers(of: layout)
        guard !layers.isEmpty else { return }
        let allPieces = layers.flatMap(\.pieces)
        let opacity = layers.map(\.opacity).max() ?? 1
        ShadowPainter.draw(allPieces, bounds: layout.bounds, shadow: palette.shadow.fading(opacity), on: context)

        // One vertical sheen across the whole group, so joined parts share it and show no seam.
        let top = layout.bounds.minY, bottom = layout.bounds.maxY
        let body = CairoGradient(from: Point(x: 0, y: top), to: Point(x: 0, y: bottom),
                                 stops: [(0, palette.bodyTop), (1, palette.bodyBottom)])
        let rim = CairoGradient(from: Point(x: 0, y: top), to: Point(x: 0, y: bottom),
                                stops: [(0, palette.rimTop), (1, palette.rimBottom)])
        for layer in layers {
            context.inGroup(opacity: layer.opacity, within: glassBounds(layout)) {
                // Each ring replaces what is under it ("source"), so overlapping pieces never stack their alpha:
                // the hairline outside, the rim on the outline, the body inside the rim.
                context.setOperator(.source)
                context.setSource(palette.edge)
                GlassPiece.fill(layer.pieces, outset: ControlPalette.edgeWidth, on: context)
                context.setSource(rim)
                GlassPiece.fill(layer.pieces, outset: 0, on: context)
                context.setSource(body)
                GlassPiece.fill(layer.pieces, outset: -ControlPalette.rimWidth, on: context)
            }
        }
    }
}

/// The glass and its shadow, kept as device pixels from frame to frame while the shapes stay put.
///
/// The shadow's blur and the glass's layered fills are most of a frame's cost, yet while a take is held or
/// hands-free the glass does not move (only the bars, the clock and the chevron do): the cached pixels are then
/// placed with one copy. Pixels are kept once the same glass is asked for twice in a row; any change of shape,
/// colour, device scale or sub-pixel offset draws directly again until it settles.
final class GlassLayerCache {
    private struct Key: Equatable {
        var glass: [BandLayout.GlassPart]
        var necks: [BandLayout.Neck]
        var bounds: Rect
        var appearance: Appearance
        var highContrast: Bool
        var isEnabled: Bool
        var deviceScale: Double
        var subpixel: Point
    }

    private var key: Key?
    private var image: CairoImageSurface?

    /// Draws the glass of `layout` in `context`, from the cache when nothing it shows has changed.
    func draw(_ layout: BandLayout, scene: ControlScene, palette: ControlPalette, on context: CairoContext) {
        // Cached pixels only line up under a plain scale and translation; anything else draws directly.
        guard let transform = context.scaleAndTranslation, transform.xx == transform.yy, transform.xx > 0 else {
            GlassPainter.draw(layout, palette: palette, on: context)
            return
        }
        let scale = transform.xx
        let area = GlassPainter.paintedArea(layout, palette: palette)
        let deviceMinX = (transform.x0 + area.minX * scale).rounded(.down)
        let deviceMinY = (transform.y0 + area.minY * scale).rounded(.down)
        let subpixel = Point(x: transform.x0 - transform.x0.rounded(.down), y: transform.y0 - transform.y0.rounded(.down))
        let key = Key(glass: layout.glass, necks: layout.necks, bounds: layout.bounds, appearance: scene.appearance,
                      highContrast: scene.highContrast, isEnabled: scene.isEnabled, deviceScale: scale,
                      subpixel: subpixel)
        if key != self.key {
            // The shapes are moving (a spring in flight): caching would only add a copy. Draw, and remember them.
            self.key = key
            image = nil
            GlassPainter.draw(layout, palette: palette, on: context)
            return
        }
        if image == nil {
            // Still for a second frame: worth keeping.
            image = render(layout, palette: palette, scale: scale, x0: transform.x0 - deviceMinX,
                           y0: transform.y0 - deviceMinY, area: area)
        }
        guard let image else {
            GlassPainter.draw(layout, palette: palette, on: context)
            return
        }
        context.withSavedState {
            context.setScaleAndTranslation(scale: 1, x0: 0, y0: 0)
            context.setSource(image, x: deviceMinX, y: deviceMinY)
            context.paint()
        }
    }

    /// The glass drawn into a new image whose pixel (0, 0) is the device pixel the area starts in.
    private func render(_ layout: BandLayout, palette: ControlPalette, scale: Double, x0: Double, y0: Double,
                        area: Rect) -> CairoImageSurface? {
        let width = Int((area.width * scale).rounded(.up)) + 2, height = Int((area.height * scale).rounded(.up)) + 2
        guard let image = try? CairoImageSurface(width: width, height: height),
              let context = try? CairoContext(surface: image) else { return nil }
        context.setScaleAndTranslation(scale: scale, x0: x0, y0: y0)
        GlassPainter.draw(layout, palette: palette, on: context)
        return image
    }
}

extension GlassShadow {
    /// The shadow with its colour faded by `factor` (a group fading in casts a fainter shadow).
    func fading(_ factor: Double) -> GlassShadow {
        var copy = self
        copy.color = color.fading(factor)
        return copy
    }
}
