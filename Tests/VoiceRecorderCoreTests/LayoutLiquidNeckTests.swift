import Testing

@testable import VoiceRecorderCore

@Suite("Liquid neck")
struct LayoutLiquidNeckTests {
    /// Two circles of radius 26 whose outlines are `gap` apart along x.
    func circles(gap: Double, radius: Double = 26, other: Double = 26) -> (GlassShape, GlassShape) {
        (
            .circle(center: Point(x: 0, y: 0), diameter: 2 * radius),
            .circle(center: Point(x: radius + gap + other, y: 0), diameter: 2 * other)
        )
    }

    @Test("no neck at or beyond the 20 pt melt distance", arguments: [20.0, 20.5, 26, 40, 200])
    func noNeckBeyondMelt(gap: Double) {
        let (a, b) = circles(gap: gap)
        #expect(LiquidNeck.between(a, b) == nil)
    }

    @Test("a neck below 20 pt, its waist narrowing as the gap grows")
    func waistNarrows() throws {
        let gaps = [0.0, 2, 4, 8, 12, 16, 19.5]
        let waists = try gaps.map { gap -> Double in
            let (a, b) = circles(gap: gap)
            return try #require(LiquidNeck.between(a, b)).waist
        }
        for (wider, narrower) in zip(waists, waists.dropFirst()) { #expect(wider > narrower) }
        #expect(waists.last! > 0)
        #expect(waists.last! < 0.5)
        // Joined at 4 pt: a firm neck, about a third of the smaller diameter.
        let joined = waists[2]
        #expect(joined > 0.3 * 52 && joined < 0.45 * 52)
    }

    @Test(
        "the fillets touch both shapes from outside, and the waist is what they leave",
        arguments: [
            (1.0, 26.0, 26.0), (4.0, 26.0, 28.6), (10.0, 20.8, 28.6), (4.0, 26.0, 12.0), (-3.0, 26.0, 26.0),
        ])
    func tangency(gap: Double, ra: Double, rb: Double) throws {
        let (a, b) = circles(gap: gap, radius: ra, other: rb)
        let neck = try #require(LiquidNeck.between(a, b))
        #expect(neck.fillets.count == 2)
        #expect(abs(neck.gap - gap) < 1e-9)
        for (index, arc) in neck.fillets.enumerated() {
            let onA = index == 0 ? arc.start : arc.end
            let onB = index == 0 ? arc.end : arc.start
            #expect(abs(onA.distance(to: a.rect.center) - ra) < 1e-6)
            #expect(abs(onB.distance(to: b.rect.center) - rb) < 1e-6)
            #expect(abs(arc.center.distance(to: a.rect.center) - (ra + arc.radius)) < 1e-6)
            #expect(abs(arc.center.distance(to: b.rect.center) - (rb + arc.radius)) < 1e-6)
            #expect(abs(arc.sweep) < .pi)
            // The fillet's innermost point is half the waist from the joining line (y = 0).
            #expect(abs(abs(arc.center.y) - arc.radius - neck.waist / 2) < 1e-6)
        }
        // One fillet on each side of the joining line.
        #expect(neck.fillets[0].center.y * neck.fillets[1].center.y < 0)
    }

    @Test("the outline runs between the shapes and stays within the waist's reach")
    func outline() throws {
        let (a, b) = circles(gap: 4)
        let neck = try #require(LiquidNeck.between(a, b))
        let points = neck.outline(segmentsPerArc: 8)
        #expect(points.count == 18)
        for point in points {
            #expect(point.x >= 0 && point.x <= 26 + 4 + 52)
            #expect(abs(point.y) <= 26)
        }
    }

    @Test("a flat edge melts into a circle below it (the hint over the mic)", arguments: [4.0, 12.0])
    func flatEdge(gap: Double) throws {
        let hint = GlassShape(rect: Rect(x: 100, y: -40 - gap, width: 200, height: 40), cornerRadius: 18)
        let mic = GlassShape.circle(center: Point(x: 274, y: 26), diameter: 52)
        let neck = try #require(LiquidNeck.between(hint, mic))
        #expect(abs(neck.gap - gap) < 1e-9)
        #expect(neck.waist > 0)
        for arc in neck.fillets {
            let onHint = arc === neck.fillets[0] ? arc.start : arc.end
            #expect(abs(onHint.y - (-gap)) < 0.5)  // on (or a hair inside) the hint's bottom edge
            #expect(onHint.x > 100 && onHint.x < 300)
        }
        #expect(
            LiquidNeck.between(
                hint,
                GlassShape.circle(
                    center: Point(x: 274, y: 26 + 20 - gap),
                    diameter: 52)) == nil)
    }

    @Test("a capsule's round end melts into the mic beside it")
    func capsuleEnd() throws {
        let capsule = GlassShape.pill(Rect(x: 0, y: 0, width: 332.7, height: 52))
        let mic = GlassShape.circle(center: Point(x: 364, y: 26), diameter: 57.2)
        let neck = try #require(LiquidNeck.between(capsule, mic))
        #expect(abs(neck.gap - (364 - 28.6 - 332.7)) < 1e-9)
        #expect(abs(neck.fillets[0].start.distance(to: Point(x: 306.7, y: 26)) - 26) < 1e-6)
    }
}

private func === (a: Arc, b: Arc) -> Bool { a == b }
