import Foundation

/// A circular arc in the band's coordinates. Angles are in radians measured as Cairo does: from +x toward +y (which
/// is clockwise on screen, since +y points down).
public struct Arc: Sendable, Equatable {
    /// The circle's centre.
    public var center: Point
    /// The circle's radius.
    public var radius: Double
    /// Where the arc starts.
    public var startAngle: Double
    /// The signed angle swept from `startAngle`, less than π either way. Positive: draw with `cairo_arc` from
    /// `startAngle` to `startAngle + sweep`; negative: with `cairo_arc_negative`.
    public var sweep: Double

    /// Where the arc ends.
    public var endAngle: Double { startAngle + sweep }
    /// The arc's first point.
    public var start: Point { point(at: 0) }
    /// The arc's last point.
    public var end: Point { point(at: 1) }

    /// The point `fraction` of the way along the arc.
    public func point(at fraction: Double) -> Point {
        let angle = startAngle + sweep * fraction
        return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
}

/// The neck of the liquid union between two glass shapes (SPEC A.1): shapes closer than 20 pt melt into each other.
///
/// The neck is a metaball bridge built from two *fillet* circles, one each side of the line joining the shapes, each
/// touching both shapes from outside. Its outline is: `fillets[0]` (from shape a to shape b), a straight line across
/// shape b, `fillets[1]` (from b back to a), a straight line across shape a. Both straight lines are chords inside
/// their shape, so filling the two shapes and this outline with the same glass draws their union with a smooth,
/// concave waist, exactly what a smooth-minimum of the two signed distance fields looks like, but as geometry Cairo
/// can fill directly.
///
/// How thick the neck is follows the gap `g` between the shapes: its narrowest half-thickness is
/// `0.5 × r × ((20 − g) / 20)^1.5` (r the smaller corner radius, at most 0.95 r), so two parts resting joined 4 pt
/// apart hold a firm neck, it thins as they part, and at 20 pt it has pinched off to nothing. Beyond 20 pt there is no
/// neck: "apart" bubbles 26 pt away stand alone. The fillet radius that gives that waist is solved numerically.
///
/// Where a rounded rectangle meets the other shape along a flat edge (a wide hint above the mic) that edge is
/// treated as a circle of very large radius, so the same circle-to-circle construction applies.
public struct LiquidNeck: Sendable, Equatable {
    /// Shapes closer than this melt together.
    public static let meltDistance = 20.0
    /// The radius standing in for a flat edge.
    static let flatEdgeRadius = 4096.0

    /// The gap between the two shapes' outlines (negative when they overlap).
    public let gap: Double
    /// The neck's narrowest thickness, across the line joining the shapes.
    public let waist: Double
    /// The two concave sides: `fillets[0]` runs from shape a to shape b, `fillets[1]` from b back to a.
    public let fillets: [Arc]

    /// The neck between `a` and `b`, or nil when they are too far apart to melt (or so far inside each other that
    /// there is no waist to smooth).
    public static func between(_ a: GlassShape, _ b: GlassShape, meltDistance: Double = LiquidNeck.meltDistance)
        -> LiquidNeck?
    {
        let (p, q) = GlassShape.closestCorePoints(a.core, b.core)
        let coreDistance = p.distance(to: q)
        guard coreDistance > 1e-9 else { return nil }
        let gap = coreDistance - a.cornerRadius - b.cornerRadius
        guard gap < meltDistance else { return nil }
        let smaller = min(a.cornerRadius, b.cornerRadius)
        guard smaller > 0 else { return nil }
        let target = min(0.5 * smaller * pow((meltDistance - gap) / meltDistance, 1.5), 0.95 * smaller)

        let circleA = localCircle(of: a, at: p, facing: q)
        let circleB = localCircle(of: b, at: q, facing: p)
        guard let fillet = solveFillet(circleA, circleB, waistHalf: target) else { return nil }
        return LiquidNeck(gap: gap, circleA: circleA, circleB: circleB, fillet: fillet)
    }

    /// The neck's outline as a polygon (for tests and simple renderers): each fillet sampled at `segmentsPerArc`
    /// steps, in path order.
    public func outline(segmentsPerArc: Int = 12) -> [Point] {
        let steps = max(segmentsPerArc, 1)
        return fillets.flatMap { arc in (0 ... steps).map { arc.point(at: Double($0) / Double(steps)) } }
    }

    // MARK: Construction

    private struct Circle {
        var center: Point
        var radius: Double
    }
    private struct Fillet {
        var radius: Double
        var along: Double
        var across: Double
    }

    private init(gap: Double, circleA: Circle, circleB: Circle, fillet: Fillet) {
        let d = circleA.center.distance(to: circleB.center)
        let u = Point(x: (circleB.center.x - circleA.center.x) / d, y: (circleB.center.y - circleA.center.y) / d)
        let n = Point(x: -u.y, y: u.x)
        func arc(side: Double, fromA: Bool) -> Arc {
            let center = Point(
                x: circleA.center.x + u.x * fillet.along + n.x * fillet.across * side,
                y: circleA.center.y + u.y * fillet.along + n.y * fillet.across * side)
            let angleToA = atan2(circleA.center.y - center.y, circleA.center.x - center.x)
            let angleToB = atan2(circleB.center.y - center.y, circleB.center.x - center.x)
            let (from, to) = fromA ? (angleToA, angleToB) : (angleToB, angleToA)
            var sweep = (to - from).truncatingRemainder(dividingBy: 2 * .pi)
            if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
            return Arc(center: center, radius: fillet.radius, startAngle: from, sweep: sweep)
        }
        self.gap = gap
        waist = 2 * (fillet.across - fillet.radius)
        fillets = [arc(side: 1, fromA: true), arc(side: -1, fromA: false)]
    }

    /// The circle that matches `shape`'s outline where it faces `other`: a corner (or end cap) circle, or a huge
    /// circle flush with a flat edge.
    private static func localCircle(of shape: GlassShape, at p: Point, facing other: Point) -> Circle {
        let core = shape.core
        let epsilon = 1e-9
        let flatAlongX = core.width > epsilon && p.x > core.minX + epsilon && p.x < core.maxX - epsilon
        let flatAlongY = core.height > epsilon && p.y > core.minY + epsilon && p.y < core.maxY - epsilon
        guard flatAlongX || flatAlongY else { return Circle(center: p, radius: shape.cornerRadius) }
        let d = p.distance(to: other)
        let normal = Point(x: (other.x - p.x) / d, y: (other.y - p.y) / d)
        let surface = Point(x: p.x + normal.x * shape.cornerRadius, y: p.y + normal.y * shape.cornerRadius)
        return Circle(
            center: Point(x: surface.x - normal.x * flatEdgeRadius, y: surface.y - normal.y * flatEdgeRadius),
            radius: flatEdgeRadius)
    }

    /// The fillet circle touching both circles from outside whose distance from the joining line, less its radius
    /// (the neck's half-waist), is `waistHalf`; or the widest available when that is out of reach. Nil when no
    /// fillet leaves a waist (or the circles already overlap wider than the waist asked for).
    private static func solveFillet(_ a: Circle, _ b: Circle, waistHalf target: Double) -> Fillet? {
        let d = a.center.distance(to: b.center)
        guard d > abs(a.radius - b.radius) else { return nil }
        func place(_ radius: Double) -> Fillet? {
            let ra = a.radius + radius
            let rb = b.radius + radius
            let along = (ra * ra - rb * rb + d * d) / (2 * d)
            let acrossSquared = ra * ra - along * along
            guard acrossSquared >= 0 else { return nil }
            return Fillet(radius: radius, along: along, across: acrossSquared.squareRoot())
        }
        func halfWaist(_ radius: Double) -> Double {
            guard let fillet = place(radius) else { return -.infinity }
            return fillet.across - fillet.radius
        }
        let smallest = max(0, (d - a.radius - b.radius) / 2)
        if smallest == 0, halfWaist(0) >= target { return nil }  // already joined wider than the neck would be
        // The half-waist rises with the fillet radius, then (for unequal circles) falls again: sample to find its
        // peak, then bisect the rising side for the target.
        let span = 20 * min(a.radius, b.radius, 200) + 100
        var best = smallest
        var bestWaist = halfWaist(smallest)
        let samples = 256
        for i in 1 ... samples {
            let fraction = Double(i) / Double(samples)
            let radius = smallest + span * fraction * fraction
            let waist = halfWaist(radius)
            if waist > bestWaist {
                best = radius
                bestWaist = waist
            }
        }
        guard bestWaist > 0 else { return nil }
        guard bestWaist > target else { return place(best) }
        var low = smallest
        var high = best
        for _ in 0 ..< 60 {
            let mid = (low + high) / 2
            if halfWaist(mid) < target { low = mid } else { high = mid }
        }
        return place(high)
    }
}
