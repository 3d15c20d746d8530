import Foundation
import VoiceRecorderCore

/// The control's parts, drawn over the glass in the layout's paint order.
extension ControlRenderer {
    /// A sample text field in the content's space (snapshots and previews only), fading as the capsule covers it.
    func drawContentField(
        _ scene: ControlScene, layout: BandLayout, palette: ControlPalette,
        on context: CairoContext
    ) {
        guard let placeholder = scene.contentPlaceholder, let content = layout.content, content.opacity > 0,
            content.rect.width > 0
        else { return }
        let rect = content.rect
        let grown = ControlPalette.edgeWidth + 1
        let bounds = Rect(
            minX: rect.minX - grown, minY: rect.minY - grown, maxX: rect.maxX + grown,
            maxY: rect.maxY + grown)
        context.inGroup(opacity: content.opacity, within: bounds) {
            let radius = rect.height / 2
            context.setSource(palette.fieldEdge)
            context.roundedRectangle(
                Rect(
                    minX: rect.minX - ControlPalette.edgeWidth,
                    minY: rect.minY - ControlPalette.edgeWidth,
                    maxX: rect.maxX + ControlPalette.edgeWidth,
                    maxY: rect.maxY + ControlPalette.edgeWidth),
                radius: radius + ControlPalette.edgeWidth)
            context.fill()
            context.setOperator(.source)
            context.setSource(palette.fieldFill)
            context.roundedRectangle(rect, radius: radius)
            context.fill()
            context.setOperator(.over)
            let text = textLayout(
                placeholder, role: .placeholder,
                size: ControlTypography.placeholderSize(scene.layout.textScale),
                direction: layout.direction)
            let size = text.size
            // The placeholder starts where a text field's caret would: half the field's height in from its end.
            let inset = radius * 0.75
            let x = layout.direction == .leftToRight ? rect.minX + inset : rect.maxX - inset - size.width
            context.roundedRectangle(rect, radius: radius)
            context.clip()
            context.setSource(palette.secondaryLabel.fading(palette.contentOpacity))
            text.draw(on: context, at: Point(x: x, y: rect.midY - size.height / 2))
        }
    }

    /// The mic turning red (recording, the send button): the accent colour over the mic's glass, with a faint sheen.
    ///
    /// The sheen fades out at the mic's centre and stays clear below it (the gradient pads with its last, clear
    /// stop), so its fill there changes no pixel; with `skipsClearSheen` (the default: tests draw without to compare)
    /// it is clipped off a row below the centre, which halves the work of cairo's slowest fill of the frame.
    func drawMicAccent(
        _ scene: ControlScene, layout: BandLayout, palette: ControlPalette, on context: CairoContext,
        skipsClearSheen: Bool = true
    ) {
        let amount = min(max(scene.micAccent, 0), 1) * (1 - layout.mic.dim)
        guard amount > 0 else { return }
        let mic = layout.mic
        let radius = mic.diameter / 2 + ControlPalette.edgeWidth
        context.setSource(palette.accent.fading(amount))
        context.arc(center: mic.center, radius: radius, startAngle: 0, sweep: 2 * .pi)
        context.fill()
        let sheen = CairoGradient(
            from: Point(x: 0, y: mic.center.y - radius), to: Point(x: 0, y: mic.center.y),
            stops: [
                (0, RGBA(red: 1, green: 1, blue: 1, alpha: 0.22 * amount)),
                (1, RGBA(red: 1, green: 1, blue: 1, alpha: 0)),
            ])
        context.withSavedState {
            context.setSource(sheen)
            if skipsClearSheen, let device = context.scaleAndTranslation, device.yy > 0 {
                // Whole device rows down to a row past the centre's: a clip on pixel rows leaves every pixel above
                // it exactly as unclipped; wider than the mic, so no column is cut.
                let lastRow = (mic.center.y * device.yy + device.y0).rounded(.down) + 2
                let outside = radius + 2
                context.rectangle(
                    Rect(
                        minX: mic.center.x - outside, minY: mic.center.y - outside, maxX: mic.center.x + outside,
                        maxY: (lastRow - device.y0) / device.yy))
                context.clip()
            }
            context.arc(
                center: mic.center, radius: radius - ControlPalette.rimWidth, startAngle: 0, sweep: 2 * .pi)
            context.fill()
        }
    }

    /// The mic's glyph (or the send arrow), in the label colour at rest and in ink on red.
    func drawMicGlyph(_ scene: ControlScene, layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        let mic = layout.mic
        let color = palette.label.mixed(with: palette.accentInk, scene.micAccent)
            .fading((1 - mic.dim) * palette.contentOpacity)
        if scene.showsSendGlyph {
            Glyphs.arrowUp(in: mic.glyph, color: color, on: context)
        } else {
            Glyphs.microphone(in: mic.glyph, color: color, on: context)
        }
    }

    /// The capsule's items, clipped to the capsule and faded with it: the countdown block, the dot, the clock, the
    /// bars and "‹ Slide to cancel".
    func drawCapsule(_ scene: ControlScene, layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        guard let capsule = layout.capsule else { return }
        let opacity = capsule.contentOpacity * capsule.opacity * palette.contentOpacity
        guard opacity > 0 else { return }
        let grow = layout.grow
        let direction = layout.direction
        context.inGroup(
            opacity: opacity, within: capsule.shape.rect,
            clippedTo: {
                context.roundedRectangle(capsule.shape.rect, radius: capsule.shape.cornerRadius)
            }
        ) {
            let clockLayout = textLayout(
                scene.clock.text, role: .clock,
                size: ControlTypography.labelSize(scene.layout.textScale),
                direction: direction)
            let clockSize = clockLayout.size
            let clockX = direction == .leftToRight ? capsule.clockText.minX : capsule.clockText.maxX - clockSize.width
            let dotColor: RGBA
            let clockColor: RGBA
            if scene.clock.isCountdown {
                drawCountdownBlock(
                    capsule, clockWidth: clockSize.width, clockX: clockX, grow: grow,
                    color: palette.accent, on: context)
                dotColor = palette.accentInk
                clockColor = palette.accentInk
            } else {
                dotColor = scene.phase == .stopped ? palette.secondaryLabel : palette.accent
                clockColor = palette.label
            }
            context.setSource(dotColor.fading(capsule.dot.opacity))
            context.arc(
                center: capsule.dot.center, radius: capsule.dot.diameter / 2, startAngle: 0,
                sweep: 2 * .pi)
            context.fill()
            drawClockText(
                scene, layout: clockLayout, at: Point(x: clockX, y: capsule.clockText.minY), color: clockColor,
                line: capsule.clockText, on: context)

            if let paused = capsule.paused {
                // Pausing, the level bars fade out as the whole take's waveform fades in (SPEC D.2).
                if paused.opacity < 1 {
                    context.inGroup(opacity: 1 - paused.opacity, within: capsule.bars) {
                        drawBars(scene, capsule: capsule, palette: palette, direction: direction, on: context)
                    }
                }
                drawPausedItems(scene, items: paused, palette: palette, on: context)
            } else {
                drawBars(scene, capsule: capsule, palette: palette, direction: direction, on: context)
            }
            if let slide = capsule.slideToCancel {
                drawSlideToCancel(scene, slide: slide, palette: palette, direction: direction, on: context)
            }
        }
    }

    /// The red block behind the dot and the digits over the last ten seconds.
    private func drawCountdownBlock(
        _ capsule: BandLayout.Capsule, clockWidth: Double, clockX: Double, grow: Double,
        color: RGBA, on context: CairoContext
    ) {
        let dot = capsule.dot
        let dotHalf = dot.diameter / 2
        // The block hugs the dot and the digits actually shown, with a margin of 6 pt (× grow) around them.
        let horizontalPad = 6 * grow
        let minX = min(dot.center.x - dotHalf, clockX) - horizontalPad
        let maxX = max(dot.center.x + dotHalf, clockX + clockWidth) + horizontalPad
        let height = capsule.clockText.height + horizontalPad
        let rect = Rect(
            minX: minX, minY: capsule.clockText.midY - height / 2, maxX: maxX,
            maxY: capsule.clockText.midY + height / 2)
        context.setSource(color)
        context.roundedRectangle(rect, radius: rect.height / 2)
        context.fill()
    }

    /// The level bars: round-ended, centred on the row's middle, faded at both ends.
    private func drawBars(
        _ scene: ControlScene, capsule: BandLayout.Capsule, palette: ControlPalette,
        direction: LayoutDirection, on context: CairoContext
    ) {
        let row = capsule.bars
        let model = BarsModel(
            windowLoudnesses: scene.windowLoudnesses, elapsed: scene.layout.elapsed,
            rowLength: row.width, rowHeight: row.height, style: scene.layout.style,
            direction: direction)
        var faded: [LevelBar] = []
        // Opaque bars share one fill; the few in the edge fades each take their own.
        context.setSource(palette.bars)
        for bar in model.bars {
            guard bar.opacity >= 1 else {
                faded.append(bar)
                continue
            }
            context.roundedRectangle(
                Rect(
                    x: row.minX + bar.minX, y: row.minY + bar.minY, width: bar.width,
                    height: bar.height), radius: bar.cornerRadius)
        }
        context.fill()
        for bar in faded {
            context.setSource(palette.bars.fading(bar.opacity))
            context.roundedRectangle(
                Rect(
                    x: row.minX + bar.minX, y: row.minY + bar.minY, width: bar.width,
                    height: bar.height), radius: bar.cornerRadius)
            context.fill()
        }
    }

    /// "‹ Slide to cancel", clipped to what the finger has not eaten yet.
    private func drawSlideToCancel(
        _ scene: ControlScene, slide: BandLayout.SlideToCancel, palette: ControlPalette,
        direction: LayoutDirection, on context: CairoContext
    ) {
        guard slide.opacity > 0 else { return }
        context.withSavedState {
            context.rectangle(slide.visible)
            context.clip()
            let color = palette.secondaryLabel.fading(slide.opacity)
            Glyphs.chevronSideways(in: slide.chevron, pointsLeft: slide.chevronPointsLeft, color: color, on: context)
            if let words = slide.words {
                let text = textLayout(
                    scene.slideToCancelText, role: .label,
                    size: ControlTypography.labelSize(scene.layout.textScale), direction: direction)
                context.setSource(color)
                text.draw(on: context, at: words.origin)
            }
        }
    }

    /// The lock lane's glyphs: the lock (open or shut) and the chevron fading as the lane stretches.
    func drawLane(_ layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        guard let lane = layout.lane else { return }
        let opacity = lane.contentOpacity * lane.opacity * palette.contentOpacity
        guard opacity > 0 else { return }
        Glyphs.lock(in: lane.lockGlyph, shut: lane.lockShut, color: palette.label.fading(opacity), on: context)
        Glyphs.chevronUp(in: lane.chevron, color: palette.label.fading(opacity * lane.chevronOpacity), on: context)
    }

    /// The trash bubble's and the bin's glyphs; the bin's tips about its bottom.
    func drawBubbles(_ layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        for bubble in [layout.trash, layout.bin].compactMap({ $0 }) {
            let opacity = bubble.contentOpacity * bubble.opacity * palette.contentOpacity
            guard opacity > 0 else { continue }
            context.withSavedState {
                context.translate(x: bubble.glyphPivot.x, y: bubble.glyphPivot.y)
                context.rotate(bubble.glyphRotation)
                context.translate(x: -bubble.glyphPivot.x, y: -bubble.glyphPivot.y)
                Glyphs.trash(in: bubble.glyph, color: palette.label.fading(opacity), on: context)
            }
        }
    }

    /// The hint's text, wrapped in the reading direction, with the access-off hint's Settings action underlined.
    func drawHint(_ scene: ControlScene, layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        guard let hint = layout.hint else { return }
        let opacity = hint.textOpacity * hint.opacity * palette.contentOpacity
        guard opacity > 0,
            let text = hintLayout(
                scene,
                wrapWidth: BandLayout.hintMaxTextWidth(
                    width: layout.width,
                    scale: scene.layout.textScale))
        else { return }
        context.withSavedState {
            context.roundedRectangle(hint.shape.rect, radius: hint.shape.cornerRadius)
            context.clip()
            context.setSource(palette.label.fading(opacity))
            text.draw(on: context, at: hint.text.origin)
        }
    }
}
