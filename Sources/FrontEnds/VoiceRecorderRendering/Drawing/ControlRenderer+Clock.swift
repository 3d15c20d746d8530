import VoiceRecorderCore

/// The clock's text, standing still or with its changed digits rolling (or fading under Reduce Motion).
extension ControlRenderer {
    /// How far a rolling digit travels, as a share of the clock line's height: far enough to read as a roll, near
    /// enough that the leaving and arriving digits, each fading, never read as two numbers.
    static let digitRollTravel = 0.6

    /// Draws the clock text `layout` (the scene's current clock) with its top-left at `origin`; during a change,
    /// the characters it shares with the previous text are drawn once, still, and the rest of both texts move
    /// (or fade) within the clock's line `line`, so nothing spills out of it.
    func drawClockText(
        _ scene: ControlScene, layout: PangoTextLayout, at origin: Point, color: RGBA, line: Rect,
        on context: CairoContext
    ) {
        guard let change = scene.clockChange, change.current == scene.clock.text, change.progress < 1 else {
            context.setSource(color)
            layout.draw(on: context, at: origin)
            return
        }
        let previous = textLayout(
            change.previous, role: .clock, size: ControlTypography.labelSize(scene.layout.textScale),
            direction: scene.layout.direction)
        // The previous text sits where the current one would if it were its width: aligned at the same end.
        let previousOrigin = Point(
            x: scene.layout.direction == .leftToRight ? origin.x : origin.x + layout.size.width - previous.size.width,
            y: origin.y)
        let shared = change.unchangedPrefix
        let currentChanged = changedBox(of: layout, from: shared, count: change.current.utf8.count, at: origin)
        let previousChanged = changedBox(
            of: previous, from: shared, count: change.previous.utf8.count, at: previousOrigin)
        let changedArea = Rect(
            minX: min(currentChanged.minX, previousChanged.minX), minY: line.minY,
            maxX: max(currentChanged.maxX, previousChanged.maxX), maxY: line.maxY)

        if shared > 0 {
            // The characters that stay: the current text with its changed part clipped away.
            let box = layout.box(utf8Range: 0 ..< shared)
            context.withSavedState {
                // Their own boxes, with a line's height of room above and below for the glyphs' ink.
                context.rectangle(
                    Rect(
                        minX: origin.x + box.minX, minY: line.minY - line.height, maxX: origin.x + box.maxX,
                        maxY: line.maxY + line.height))
                context.clip()
                context.setSource(color)
                layout.draw(on: context, at: origin)
            }
        }
        let travel = line.height * Self.digitRollTravel
        let (leaving, arriving): (Double, Double)
        switch change.style {
        case .fade: (leaving, arriving) = (0, 0)
        case .rollUp: (leaving, arriving) = (-travel * change.progress, travel * (1 - change.progress))
        case .rollDown: (leaving, arriving) = (travel * change.progress, -travel * (1 - change.progress))
        }
        context.withSavedState {
            context.rectangle(changedArea)
            context.clip()
            context.setSource(color.fading(1 - change.progress))
            previous.draw(on: context, at: Point(x: previousOrigin.x, y: previousOrigin.y + leaving))
            context.setSource(color.fading(change.progress))
            layout.draw(on: context, at: Point(x: origin.x, y: origin.y + arriving))
        }
    }

    /// The box of `layout`'s characters from `first` to the end (`count` in all), placed at `origin`.
    private func changedBox(of layout: PangoTextLayout, from first: Int, count: Int, at origin: Point) -> Rect {
        guard first < count else { return Rect(x: origin.x + layout.size.width, y: origin.y, width: 0, height: 0) }
        let box = layout.box(utf8Range: first ..< count)
        return Rect(x: origin.x + box.minX, y: origin.y + box.minY, width: box.width, height: box.height)
    }
}
