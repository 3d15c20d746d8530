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
            let rect = Rect(
                minX: shape.rect.minX - outset, minY: shape.rect.minY - outset,
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
            // Every closed shape runs clockwise on screen, so pieces added to one path fill as their union under
            // the nonzero winding rule; a neck whose fillets run the other way is traced backwards.
            let corners = [arcs[0].start, arcs[0].end, arcs[1].start, arcs[1].end]
            var twiceSignedArea = 0.0
            for index in corners.indices {
                let here = corners[index]
                let next = corners[(index + 1) % corners.count]
                twiceSignedArea += here.x * next.y - next.x * here.y
            }
            context.newSubPath()
            if twiceSignedArea >= 0 {
                context.move(to: arcs[0].start)
                context.arc(
                    center: arcs[0].center, radius: arcs[0].radius, startAngle: arcs[0].startAngle,
                    sweep: arcs[0].sweep)
                context.line(to: arcs[1].start)
                context.arc(
                    center: arcs[1].center, radius: arcs[1].radius, startAngle: arcs[1].startAngle,
                    sweep: arcs[1].sweep)
            } else {
                context.move(to: arcs[1].end)
                context.arc(
                    center: arcs[1].center, radius: arcs[1].radius, startAngle: arcs[1].endAngle,
                    sweep: -arcs[1].sweep)
                context.line(to: arcs[0].end)
                context.arc(
                    center: arcs[0].center, radius: arcs[0].radius, startAngle: arcs[0].endAngle,
                    sweep: -arcs[0].sweep)
            }
            context.closePath()
        }
    }

    /// Fills the union of `pieces` grown by `outset` with one fill: every piece runs clockwise, so where pieces
    /// overlap the nonzero winding rule still covers each pixel once (no doubled alpha, no seam), and the rasteriser
    /// walks the group's edges once instead of once per piece.
    static func fill(_ pieces: [GlassPiece], outset: Double, on context: CairoContext) {
        for piece in pieces { piece.addPath(outset: outset, to: context) }
        context.fill()
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
        return Rect(
            minX: layout.bounds.minX - grown, minY: layout.bounds.minY - grown,
            maxX: layout.bounds.maxX + grown, maxY: layout.bounds.maxY + grown)
    }

    /// Where the glass and its shadow can draw.
    static func paintedArea(_ layout: BandLayout, palette: ControlPalette) -> Rect {
        let bounds = glassBounds(layout)
        let margin = ShadowPainter.margin(palette.shadow)
        return Rect(
            minX: bounds.minX - margin, minY: bounds.minY - margin + min(palette.shadow.offsetY, 0),
            maxX: bounds.maxX + margin, maxY: bounds.maxY + margin + max(palette.shadow.offsetY, 0))
    }

    /// Draws the glass of `layout` straight into `context`: shadow first, then each layer, with cairo's own
    /// gradients and groups. `GlassLayerCache` draws the same picture much faster through device pixels; this is
    /// its fallback for a context that rotates or shears.
    static func draw(
        _ layout: BandLayout, palette: ControlPalette, shadowScratch: ScratchImage,
        on context: CairoContext
    ) {
        let layers = layers(of: layout)
        guard !layers.isEmpty else { return }
        let allPieces = layers.flatMap(\.pieces)
        let opacity = layers.map(\.opacity).max() ?? 1
        ShadowPainter.draw(
            allPieces, bounds: layout.bounds, shadow: palette.shadow.fading(opacity),
            in: shadowScratch, on: context)

        // One vertical sheen across the whole group, so joined parts share it and show no seam.
        let top = layout.bounds.minY
        let bottom = layout.bounds.maxY
        let body = CairoGradient(
            from: Point(x: 0, y: top), to: Point(x: 0, y: bottom),
            stops: [(0, palette.bodyTop), (1, palette.bodyBottom)])
        let rim = CairoGradient(
            from: Point(x: 0, y: top), to: Point(x: 0, y: bottom),
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

extension GlassPainter {
    /// The three rings of glass, each painted in one opaque primary so a pixel's colour says how much of it each
    /// ring covers: red the hairline, green the rim, blue the body (see `GlassRingColoring`).
    static let ringMarkers = (
        edge: RGBA(red: 1, green: 0, blue: 0), rim: RGBA(red: 0, green: 1, blue: 0),
        body: RGBA(red: 0, green: 0, blue: 1)
    )

    /// Fills the rings of `pieces` with their marker colours, each replacing what is under it ("source"), exactly as
    /// the direct path fills them with their real colours. Opaque flat fills are cairo's cheapest (runs of whole
    /// pixels are plain stores); the colours, gradients included, are put in afterwards, a row at a time.
    static func drawRingMarkers(_ pieces: [GlassPiece], on context: CairoContext) {
        context.setOperator(.source)
        context.setSource(ringMarkers.edge)
        GlassPiece.fill(pieces, outset: ControlPalette.edgeWidth, on: context)
        context.setSource(ringMarkers.rim)
        GlassPiece.fill(pieces, outset: 0, on: context)
        context.setSource(ringMarkers.body)
        GlassPiece.fill(pieces, outset: -ControlPalette.rimWidth, on: context)
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
