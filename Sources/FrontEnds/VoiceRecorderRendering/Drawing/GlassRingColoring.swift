import VoiceRecorderCore

/// Turns the ring markers (see `GlassPainter.drawRingMarkers`) into the glass's colours and lays them over what is
/// already in the device pixels, one layer at a time.
///
/// A marker pixel holds, in its red, green and blue, how much of it the hairline, the rim and the body cover (cairo
/// blends them as it would blend the real colours, so their sum is the pixel's coverage). The glass's colour there is
/// the same mix of the ring colours, and the rim's and body's colours only change from row to row (the sheen is
/// vertical): so a row's colours are worked out once and each pixel is a weighted sum and an "over". Cairo's
/// gradients would compute the ramp for every pixel of every fill, most of a moving frame's cost.
enum GlassRingColoring {
    /// Composites one layer.
    ///
    /// - Parameters:
    ///   - markers, markerStride: the marker pixels.
    ///   - pixels, stride: the device pixels drawn over (32-bit premultiplied ARGB), at the same positions.
    ///   - spans: the pixels to visit, row by row (the rest hold no marker).
    ///   - sheenTop, sheenBottom: where the rim's and body's ramps start and end, in user space.
    ///   - scale, originY: device pixels per point, and the row the user-space origin falls in.
    ///   - opacity: the layer's opacity.
    static func composite(
        markers: UnsafeMutablePointer<UInt8>, markerStride: Int,
        onto pixels: UnsafeMutablePointer<UInt8>, stride: Int, spans: GlassRowSpans,
        palette: ControlPalette, sheenTop: Double, sheenBottom: Double,
        scale: Double, originY: Double, opacity: Double
    ) {
        guard !spans.rows.isEmpty else { return }
        let layerAlpha = UInt32((min(max(opacity, 0), 1) * 255).rounded())
        let span = max(sheenBottom - sheenTop, 1e-9)
        let edge = Components(PremultipliedPixel.components(of: palette.edge))
        // A marker wholly inside one ring (most pixels: the body's inside, the rim's middle).
        let wholeBody: UInt32 = 0xFF00_00FF
        let wholeRim: UInt32 = 0xFF00_FF00

        for row in spans.rows {
            // The ramps at the row's centre, as a gradient samples them.
            let y = (Double(row) + 0.5 - originY) / scale
            let fraction = (y - sheenTop) / span
            let rim = Components(
                PremultipliedPixel.components(
                    of: palette.rimTop.mixed(
                        with: palette.rimBottom,
                        fraction)))
            let body = Components(
                PremultipliedPixel.components(
                    of: palette.bodyTop.mixed(
                        with: palette.bodyBottom,
                        fraction)))
            let bodyWord = body.faded(layerAlpha).word
            let rimWord = rim.faded(layerAlpha).word
            let markerLine = UnsafeRawPointer(markers + row * markerStride).assumingMemoryBound(to: UInt32.self)
            let line = UnsafeMutableRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            for run in spans.runs(of: row) {
                for column in run {
                    let marker = markerLine[column]
                    if marker == 0 { continue }
                    let color: UInt32
                    if marker == wholeBody {
                        color = bodyWord
                    } else if marker == wholeRim {
                        color = rimWord
                    } else {
                        let inEdge = marker >> 16 & 0xFF
                        let inRim = marker >> 8 & 0xFF
                        let inBody = marker & 0xFF
                        color = Components(mixing: edge, inEdge, rim, inRim, body, inBody).faded(layerAlpha).word
                    }
                    let under = line[column]
                    // The shadow is cut out under the glass, so most of it lands on nothing.
                    line[column] = under == 0 ? color : Components.over(color, under)
                }
            }
        }
    }

    /// Premultiplied components 0…255, with the arithmetic of blending them (wrapping: no value can overflow).
    private struct Components {
        var alpha: UInt32, red: UInt32, green: UInt32, blue: UInt32

        init(_ components: (alpha: Int, red: Int, green: Int, blue: Int)) {
            alpha = UInt32(components.alpha)
            red = UInt32(components.red)
            green = UInt32(components.green)
            blue = UInt32(components.blue)
        }

        init(alpha: UInt32, red: UInt32, green: UInt32, blue: UInt32) {
            self.alpha = alpha
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The three rings' colours weighted by how much of the pixel each covers (weights 0…255).
        init(mixing a: Components, _ inA: UInt32, _ b: Components, _ inB: UInt32, _ c: Components, _ inC: UInt32) {
            alpha = divide255(a.alpha &* inA &+ b.alpha &* inB &+ c.alpha &* inC)
            red = divide255(a.red &* inA &+ b.red &* inB &+ c.red &* inC)
            green = divide255(a.green &* inA &+ b.green &* inB &+ c.green &* inC)
            blue = divide255(a.blue &* inA &+ b.blue &* inB &+ c.blue &* inC)
        }

        /// Faded by `level` (0…255).
        func faded(_ level: UInt32) -> Components {
            guard level < 255 else { return self }
            return Components(
                alpha: divide255(alpha &* level), red: divide255(red &* level),
                green: divide255(green &* level), blue: divide255(blue &* level))
        }

        var word: UInt32 { alpha << 24 | red << 16 | green << 8 | blue }

        /// The premultiplied pixel `top` laid over `under` ("over"). Red and blue, then alpha and green, are scaled
        /// as two pairs in one word each (a product of two bytes fits in a pair's 16 bits, so they never carry into
        /// each other), rounding exactly as `divide255` does for each channel.
        static func over(_ top: UInt32, _ under: UInt32) -> UInt32 {
            let rest = 255 &- (top >> 24)
            @inline(__always) func scaledPair(_ pair: UInt32) -> UInt32 {
                let rounded = pair &* rest &+ 0x0080_0080
                return (rounded &+ (rounded >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
            }
            return top &+ (scaledPair(under & 0x00FF_00FF) | scaledPair(under >> 8 & 0x00FF_00FF) << 8)
        }
    }
}

/// `value` ÷ 255, rounded, for a product of two bytes (or a sum of three such products) and no larger.
@inline(__always)
private func divide255(_ value: UInt32) -> UInt32 {
    let rounded = value &+ 128
    return (rounded &+ (rounded >> 8)) >> 8
}
