/// One glass shape: a rounded rectangle in the band's coordinates. Circles and pills are rounded rectangles whose
/// corner radius is half their shorter side, so one type covers the mic, the capsule, the lane, the bubbles and the
/// hint, and one renderer path (and one neck computation) covers them all.
public struct GlassShape: Sendable, Equatable {
    /// The shape's bounds.
    public var rect: Rect
    /// The corner radius, at most half the shorter side.
    public var cornerRadius: Double

    /// A rounded rectangle; the radius is clamped to half the shorter side.
    public init(rect: Rect, cornerRadius: Double) {
        self.rect = rect
        self.cornerRadius = min(max(cornerRadius, 0), min(rect.width, rect.height) / 2)
    }

    /// A circle of `diameter` centred on `center`.
    public static func circle(center: Point, diameter: Double) -> GlassShape {
        GlassShape(
            rect: Rect(center: center, size: Size(width: diameter, height: diameter)),
            cornerRadius: diameter / 2)
    }

    /// A pill (a rounded rectangle with fully round ends) filling `rect`.
    public static func pill(_ rect: Rect) -> GlassShape {
        GlassShape(rect: rect, cornerRadius: min(rect.width, rect.height) / 2)
    }

    /// The rectangle the corner circles' centres span (the shape is this "core" grown by `cornerRadius`); a segment
    /// for a pill, a point for a circle.
    var core: Rect {
        Rect(
            minX: rect.minX + cornerRadius, minY: rect.minY + cornerRadius,
            maxX: max(rect.maxX - cornerRadius, rect.minX + cornerRadius),
            maxY: max(rect.maxY - cornerRadius, rect.minY + cornerRadius))
    }

    /// The shortest distance between the two shapes' outlines; negative when they overlap (by how much their
    /// cores come within the sum of the radii).
    public func gap(to other: GlassShape) -> Double {
        let (p, q) = GlassShape.closestCorePoints(core, other.core)
        return p.distance(to: q) - cornerRadius - other.cornerRadius
    }

    /// The closest pair of points between two axis-aligned rectangles. Where their spans overlap along an axis both
    /// points take the overlap's middle, so two bubbles side by side meet across their facing edges' middle.
    static func closestCorePoints(_ a: Rect, _ b: Rect) -> (Point, Point) {
        func axis(_ aMin: Double, _ aMax: Double, _ bMin: Double, _ bMax: Double) -> (Double, Double) {
            if aMax < bMin { return (aMax, bMin) }
            if bMax < aMin { return (aMin, bMax) }
            let middle = (max(aMin, bMin) + min(aMax, bMax)) / 2
            return (middle, middle)
        }
        let (ax, bx) = axis(a.minX, a.maxX, b.minX, b.maxX)
        let (ay, by) = axis(a.minY, a.maxY, b.minY, b.maxY)
        return (Point(x: ax, y: ay), Point(x: bx, y: by))
    }
}
