import VoiceRecorderCore

/// The glass's soft shadow (SPEC A.18: 7 % black, radius 18, 8 pt down in the light appearance).
///
/// Cairo has no blur, so the union's silhouette is drawn into a small alpha mask (half a pixel per point: a blur
/// this wide hides the coarse resolution), blurred there with three box passes each way (which approach a Gaussian
/// of σ = radius ÷ 2), cut out where the glass itself lies (translucent glass would otherwise show the shadow through
/// itself and look dirty), and painted through with the shadow's colour.
enum ShadowPainter {
    /// Mask pixels per point.
    static let maskScale = 0.5

    /// How far past the shapes the shadow reaches (three standard deviations of its blur), in points.
    static func margin(_ shadow: GlassShadow) -> Double { 3 * shadow.radius / 2 }

    static func draw(_ pieces: [GlassPiece], bounds: Rect, shadow: GlassShadow, on context: CairoContext) {
        guard shadow.color.alpha > 0, shadow.radius > 0, !pieces.isEmpty else { return }
        let sigma = shadow.radius / 2
        let margin = margin(shadow)
        let area = Rect(minX: bounds.minX - margin, minY: bounds.minY - margin + min(shadow.offsetY, 0),
                        maxX: bounds.maxX + margin, maxY: bounds.maxY + margin + max(shadow.offsetY, 0))
        let width = Int((area.width * maskScale).rounded(.up)), height = Int((area.height * maskScale).rounded(.up))
        guard let mask = try? CairoImageSurface(width: width, height: height, format: .a8),
              let maskContext = try? CairoContext(surface: mask) else { return }
        maskContext.scale(x: maskScale, y: maskScale)
        maskContext.translate(x: -area.minX, y: -area.minY)

        maskContext.withSavedState {
            maskContext.translate(x: 0, y: shadow.offsetY)
            maskContext.setSource(RGBA(red: 0, green: 0, blue: 0))
            GlassPiece.fill(pieces, outset: 0, on: maskContext)
        }
        // Box passes of width w give a variance of (w² − 1) / 12 each; three of them make σ².
        let boxRadius = max(1, Int(((4 * sigma * maskScale * sigma * maskScale + 1).squareRoot() - 1) / 2 + 0.5))
        mask.withPixels { pixels, stride in
            AlphaBlur.boxBlur(pixels, width: width, height: height, stride: stride, radius: boxRadius, passes: 3)
        }
        maskContext.setOperator(.clear)
        GlassPiece.fill(pieces, outset: -ControlPalette.rimWidth, on: maskContext)

        context.withSavedState {
            context.translate(x: area.minX, y: area.minY)
            context.scale(x: 1 / maskScale, y: 1 / maskScale)
            context.setSource(shadow.color)
            // Neighbouring mask pixels differ by a fraction of a percent of alpha: covering squares is invisible and
            // several times cheaper than bilinear sampling.
            context.mask(mask, smooth: false)
        }
    }
}

/// A separable box blur of an 8-bit alpha image, in place.
enum AlphaBlur {
    /// Blurs `passes` times horizontally and vertically with a box `2 × radius + 1` wide; pixels outside count as 0.
    static func boxBlur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int,
                        passes: Int) {
        guard width > 0, height > 0, radius > 0 else { return }
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, height))
        defer { line.deallocate() }
        let window = 2 * radius + 1
        // Runs one box pass along `count` pixels starting at `start`, `step` bytes apart.
        func pass(start: UnsafeMutablePointer<UInt8>, count: Int, step: Int) {
            for i in 0 ..< count { line[i] = start[i * step] }
            var sum = 0
            for i in 0 ... min(radius, count - 1) { sum += Int(line[i]) }
            for i in 0 ..< count {
                start[i * step] = UInt8((sum + window / 2) / window)
                let entering = i + radius + 1, leaving = i - radius
                if entering < count { sum += Int(line[entering]) }
                if leaving >= 0 { sum -= Int(line[leaving]) }
            }
        }
        for _ in 0 ..< passes {
            for y in 0 ..< height { pass(start: pixels + y * stride, count: width, step: 1) }
        }
        for _ in 0 ..< passes {
            for x in 0 ..< width { pass(start: pixels + x, count: height, step: stride) }
        }
    }
}
