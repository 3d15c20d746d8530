import Foundation
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

    /// The blurred, cut-out silhouette: `width` × `height` pixels from the top-left of `surface`, covering `area`
    /// (user space) at `maskScale` pixels per point; the rest of the surface is transparent.
    struct Mask {
        let surface: CairoImageSurface
        let area: Rect
        let width: Int
        let height: Int
    }

    /// Builds the shadow's mask for `pieces` in `scratch`, or nil when the shadow is invisible.
    static func mask(_ pieces: [GlassPiece], bounds: Rect, shadow: GlassShadow, in scratch: ScratchImage) -> Mask? {
        guard shadow.color.alpha > 0, shadow.radius > 0, !pieces.isEmpty else { return nil }
        let sigma = shadow.radius / 2
        let margin = margin(shadow)
        let area = Rect(
            minX: bounds.minX - margin, minY: bounds.minY - margin + min(shadow.offsetY, 0),
            maxX: bounds.maxX + margin, maxY: bounds.maxY + margin + max(shadow.offsetY, 0))
        let width = Int((area.width * maskScale).rounded(.up))
        let height = Int((area.height * maskScale).rounded(.up))
        guard let (mask, maskContext) = scratch.prepare(width: width, height: height) else { return nil }
        // All of it, not just this frame's corner: the direct path paints the whole surface through.
        scratch.clear(width: mask.width, height: mask.height)
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
        return Mask(surface: mask, area: area, width: width, height: height)
    }

    /// Draws the shadow of `pieces` straight into `context` (the fallback path: see `GlassPainter.draw`).
    static func draw(
        _ pieces: [GlassPiece], bounds: Rect, shadow: GlassShadow, in scratch: ScratchImage,
        on context: CairoContext
    ) {
        guard let mask = mask(pieces, bounds: bounds, shadow: shadow, in: scratch) else { return }
        context.withSavedState {
            context.translate(x: mask.area.minX, y: mask.area.minY)
            context.scale(x: 1 / maskScale, y: 1 / maskScale)
            context.setSource(shadow.color)
            // Neighbouring mask pixels differ by a fraction of a percent of alpha: covering squares is invisible and
            // several times cheaper than bilinear sampling.
            context.mask(mask.surface, smooth: false)
        }
    }

    /// Writes the shadow into device pixels: every pixel of the `width` × `height` block at `pixels` (32-bit
    /// premultiplied ARGB) is set, to the shadow or to transparent, so the block needs no clearing first.
    ///
    /// A device pixel takes the mask pixel its centre falls in, as cairo's nearest sampling would; the shadow's
    /// colour at each of the 256 mask levels is worked out once, so each pixel is one load and one store, and a
    /// device row sampling the same mask row as the one above it is a copy of it.
    ///
    /// - Parameters:
    ///   - scale: device pixels per point.
    ///   - origin: where the user-space origin falls, in the block's pixels.
    static func render(
        _ mask: Mask, color: RGBA, into pixels: UnsafeMutablePointer<UInt8>, stride: Int,
        width: Int, height: Int, scale: Double, origin: Point
    ) {
        guard width > 0, height > 0 else { return }
        let levels = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        // One mask row at a time, with a transparent pixel after its end that every column outside the mask reads,
        // so the inner loop has no branch.
        let maskLine = UnsafeMutablePointer<UInt8>.allocate(capacity: mask.width + 1)
        let columns = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        defer {
            levels.deallocate()
            maskLine.deallocate()
            columns.deallocate()
        }
        for (level, word) in PremultipliedPixel.levels(of: color).enumerated() { levels[level] = word }
        maskLine[mask.width] = 0
        func source(_ index: Int, origin: Double, areaMin: Double, count: Int) -> Int {
            let user = (Double(index) + 0.5 - origin) / scale
            let sample = ((user - areaMin) * maskScale).rounded(.down)
            return sample >= 0 && sample < Double(count) ? Int(sample) : -1
        }
        for column in 0 ..< width {
            let sample = source(column, origin: origin.x, areaMin: mask.area.minX, count: mask.width)
            columns[column] = Int32(sample >= 0 ? sample : mask.width)
        }
        mask.surface.withPixels { maskPixels, maskStride in
            var previousRow = -2
            for row in 0 ..< height {
                let line = UnsafeMutableRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                let maskRow = source(row, origin: origin.y, areaMin: mask.area.minY, count: mask.height)
                if maskRow == previousRow, row > 0 {
                    memcpy(line, pixels + (row - 1) * stride, width * 4)
                    continue
                }
                previousRow = maskRow
                guard maskRow >= 0 else {
                    memset(line, 0, width * 4)
                    continue
                }
                memcpy(maskLine, maskPixels + maskRow * maskStride, mask.width)
                for column in 0 ..< width {
                    line[column] = levels[Int(maskLine[Int(columns[column])])]
                }
            }
        }
    }
}

/// A 32-bit premultiplied ARGB pixel, as cairo stores it (native-endian words: alpha in the top byte).
enum PremultipliedPixel {
    /// `color` premultiplied, each component 0…255.
    static func components(of color: RGBA) -> (alpha: Int, red: Int, green: Int, blue: Int) {
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        let alpha = min(max(color.alpha, 0), 1)
        return (byte(alpha), byte(color.red * alpha), byte(color.green * alpha), byte(color.blue * alpha))
    }

    /// The word for premultiplied components 0…255.
    static func word(alpha: Int, red: Int, green: Int, blue: Int) -> UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// `color` seen through each of the 256 levels of an alpha mask.
    static func levels(of color: RGBA) -> [UInt32] {
        let full = components(of: color)
        return (0 ..< 256).map { level in
            func through(_ value: Int) -> Int { (value * level + 127) / 255 }
            return word(
                alpha: through(full.alpha), red: through(full.red), green: through(full.green),
                blue: through(full.blue))
        }
    }
}

/// A separable box blur of an 8-bit alpha image, in place.
enum AlphaBlur {
    /// Blurs `passes` times horizontally and vertically with a box `2 × radius + 1` wide; pixels outside count as 0.
    static func boxBlur(
        _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int,
        passes: Int
    ) {
        guard width > 0, height > 0, radius > 0 else { return }
        // Along the rows: a running sum along a row depends on the pixel before, so it cannot use vector
        // instructions; the image turned on its side is blurred down its columns instead, all columns at once.
        let transposed = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        defer { transposed.deallocate() }
        for y in 0 ..< height {
            let source = pixels + y * stride
            for x in 0 ..< width { transposed[x * height + y] = source[x] }
        }
        blurColumns(transposed, width: height, height: width, stride: height, radius: radius, passes: passes)
        for y in 0 ..< height {
            let target = pixels + y * stride
            for x in 0 ..< width { target[x] = transposed[x * height + y] }
        }
        blurColumns(pixels, width: width, height: height, stride: stride, radius: radius, passes: passes)
    }

    /// Blurs down the columns: all columns at once, a row at a time, so memory is read in order (walking one column
    /// at a time would touch a new cache line for every pixel) and each row's sums are one vector loop.
    private static func blurColumns(
        _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
        radius: Int, passes: Int
    ) {
        let window = 2 * radius + 1
        // Dividing by the window (rounded) with a 32-bit multiply and a shift, which vector instructions do eight at
        // a time: exact for every sum a window of bytes can reach while 256 × window² < 2²⁴ (a window under 256),
        // and the product stays below 2³².
        precondition(window < 256, "a box blur window of \(window) pixels")
        let reciprocal = UInt32(((1 << 24) + window - 1) / window)
        let half = UInt32(window / 2)
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            copy.deallocate()
            sums.deallocate()
        }
        for _ in 0 ..< passes {
            for y in 0 ..< height { memcpy(copy + y * width, pixels + y * stride, width) }
            for x in 0 ..< width { sums[x] = 0 }
            for y in 0 ... min(radius, height - 1) {
                let source = copy + y * width
                for x in 0 ..< width { sums[x] &+= UInt32(source[x]) }
            }
            for y in 0 ..< height {
                let target = pixels + y * stride
                for x in 0 ..< width {
                    target[x] = UInt8(truncatingIfNeeded: (sums[x] &+ half) &* reciprocal >> 24)
                }
                let entering = y + radius + 1
                let leaving = y - radius
                if entering < height {
                    let source = copy + entering * width
                    for x in 0 ..< width { sums[x] &+= UInt32(source[x]) }
                }
                if leaving >= 0 {
                    let source = copy + leaving * width
                    for x in 0 ..< width { sums[x] &-= UInt32(source[x]) }
                }
            }
        }
    }
}
