import Foundation
import VoiceRecorderCore

/// The control's glyphs as vector paths (so nothing depends on the desktop's icon theme). Each is drawn in its box from the
/// layout, in unit coordinates (0…1 across the box, y down), with strokes in proportion to the box so a glyph that
/// grows with the text keeps its weight.
enum Glyphs {
    /// Draws in `box`'s unit square: `body` adds paths in 0…1 coordinates; strokes set with `lineWidth` are in the
    /// same units. `mirrored` flips it left for right.
    private static func inUnitBox(
        _ box: Rect, mirrored: Bool = false, on context: CairoContext,
        _ body: () -> Void
    ) {
        guard box.width > 0, box.height > 0 else { return }
        context.withSavedState {
            context.translate(x: mirrored ? box.maxX : box.minX, y: box.minY)
            context.scale(x: mirrored ? -box.width : box.width, y: box.height)
            context.setRoundLines()
            body()
        }
    }

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private static func polyline(_ points: [Point], on context: CairoContext) {
        guard let first = points.first else { return }
        context.move(to: first)
        for point in points.dropFirst() { context.line(to: point) }
    }

    /// The microphone: a filled capsule in a U-shaped holder on a stand.
    static func microphone(in box: Rect, color: RGBA, on context: CairoContext) {
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.roundedRectangle(Rect(minX: 0.345, minY: 0.04, maxX: 0.655, maxY: 0.60), radius: 0.155)
            context.fill()
            context.setLineWidth(0.09)
            context.arc(center: p(0.5, 0.43), radius: 0.265, startAngle: 0, sweep: .pi)
            context.stroke()
            polyline([p(0.5, 0.70), p(0.5, 0.90)], on: context)
            polyline([p(0.35, 0.92), p(0.65, 0.92)], on: context)
            context.stroke()
        }
    }

    /// The send arrow: a stem with an arrowhead, pointing up.
    static func arrowUp(in box: Rect, color: RGBA, on context: CairoContext) {
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.setLineWidth(0.13)
            polyline([p(0.5, 0.88), p(0.5, 0.14)], on: context)
            polyline([p(0.2, 0.44), p(0.5, 0.13), p(0.8, 0.44)], on: context)
            context.stroke()
        }
    }

    /// The padlock, its shackle lifted open at `shut` 0 and seated at 1.
    static func lock(in box: Rect, shut: Double, color: RGBA, on context: CairoContext) {
        let shut = min(max(shut, 0), 1)
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.roundedRectangle(Rect(minX: 0.16, minY: 0.44, maxX: 0.84, maxY: 0.96), radius: 0.13)
            context.fill()
            let lift = 0.13 * (1 - shut)
            let top = 0.27 - lift
            context.setLineWidth(0.12)
            context.move(to: p(0.31, 0.46))
            context.line(to: p(0.31, top))
            context.arc(center: p(0.5, top), radius: 0.19, startAngle: .pi, sweep: .pi)
            // Open, the right leg stands clear of the body; shut, it is seated in it.
            context.line(to: p(0.69, top + (0.46 - top) * shut + 0.05 * (1 - shut)))
            context.stroke()
        }
    }

    /// A chevron pointing up (the lock lane's "slide up").
    static func chevronUp(in box: Rect, color: RGBA, on context: CairoContext) {
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.setLineWidth(0.15)
            polyline([p(0.16, 0.70), p(0.5, 0.32), p(0.84, 0.70)], on: context)
            context.stroke()
        }
    }

    /// A chevron pointing to the leading edge ("‹ Slide to cancel"), drawn in a box taller than wide.
    static func chevronSideways(in box: Rect, pointsLeft: Bool, color: RGBA, on context: CairoContext) {
        inUnitBox(box, mirrored: !pointsLeft, on: context) {
            context.setSource(color)
            context.setLineWidth(0.2)
            polyline([p(0.82, 0.1), p(0.22, 0.5), p(0.82, 0.9)], on: context)
            context.stroke()
        }
    }

    /// The trash can: a lid with a handle over a tapering body with two ribs.
    static func trash(in box: Rect, color: RGBA, on context: CairoContext) {
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.setLineWidth(0.085)
            polyline([p(0.12, 0.23), p(0.88, 0.23)], on: context)
            polyline([p(0.37, 0.22), p(0.39, 0.09), p(0.61, 0.09), p(0.63, 0.22)], on: context)
            polyline([p(0.22, 0.32), p(0.28, 0.91), p(0.72, 0.91), p(0.78, 0.32)], on: context)
            polyline([p(0.41, 0.43), p(0.43, 0.8)], on: context)
            polyline([p(0.59, 0.43), p(0.57, 0.8)], on: context)
            context.stroke()
        }
    }
}

extension Glyphs {
    /// Pause: two rounded bars.
    static func pause(in box: Rect, color: RGBA, on context: CairoContext) {
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.roundedRectangle(Rect(minX: 0.2, minY: 0.12, maxX: 0.4, maxY: 0.88), radius: 0.08)
            context.roundedRectangle(Rect(minX: 0.6, minY: 0.12, maxX: 0.8, maxY: 0.88), radius: 0.08)
            context.fill()
        }
    }

    /// Play: a triangle pointing right (media controls keep their direction right to left), its corners rounded.
    static func play(in box: Rect, color: RGBA, on context: CairoContext) {
        inUnitBox(box, on: context) {
            context.setSource(color)
            context.setLineWidth(0.12)
            context.move(to: Point(x: 0.26, y: 0.14))
            context.line(to: Point(x: 0.86, y: 0.5))
            context.line(to: Point(x: 0.26, y: 0.86))
            context.closePath()
            context.fillPreserve()
            context.stroke()
        }
    }
}
