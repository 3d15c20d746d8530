import Foundation

/// An image surface and its drawing context kept from frame to frame, so a frame that needs scratch pixels does not
/// allocate (and have the system zero) a new surface each time. It only grows, in steps, so a shape that swells by a
/// pixel per frame does not reallocate every frame either.
final class ScratchImage {
    private let format: CairoImageSurface.Format
    private(set) var surface: CairoImageSurface?
    private(set) var context: CairoContext?

    init(format: CairoImageSurface.Format) { self.format = format }

    /// Growth step, in pixels, for each side.
    private static let step = 64

    /// A surface of at least `width` × `height` pixels (its pixels are whatever the last user left) and a context on
    /// it with a fresh state (identity transform, no clip, "over"), or nil when cairo cannot make one.
    func prepare(width: Int, height: Int) -> (surface: CairoImageSurface, context: CairoContext)? {
        if let surface, let context, surface.width >= width, surface.height >= height {
            // Drop what the last user left in the state (each use sets its own transform, source and operator).
            context.resetState()
            return (surface, context)
        }
        func grown(_ size: Int) -> Int { (max(size, 1) + Self.step - 1) / Self.step * Self.step }
        let newWidth = max(grown(width), surface?.width ?? 0)
        let newHeight = max(grown(height), surface?.height ?? 0)
        guard let image = try? CairoImageSurface(width: newWidth, height: newHeight, format: format),
            let imageContext = try? CairoContext(surface: image)
        else { return nil }
        surface = image
        context = imageContext
        return (image, imageContext)
    }

    /// Sets the `width` × `height` pixels whose top-left is (`x`, `y`) to transparent (rows of the surface, not the
    /// whole surface: it may be much larger than this frame needs).
    func clear(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        guard let surface else { return }
        let bytesPerPixel = surface.isARGB ? 4 : 1
        let minX = max(x, 0)
        let maxX = min(x + width, surface.width)
        let minY = max(y, 0)
        let maxY = min(y + height, surface.height)
        guard minX < maxX, minY < maxY else { return }
        surface.withPixels { pixels, stride in
            for row in minY ..< maxY {
                memset(pixels + row * stride + minX * bytesPerPixel, 0, (maxX - minX) * bytesPerPixel)
            }
        }
    }

    /// Sets the pixels of every run of `spans` to transparent (a 32-bit surface).
    func clear(_ spans: GlassRowSpans) {
        guard let surface, surface.isARGB else { return }
        surface.withPixels { pixels, stride in
            for row in spans.rows where row < surface.height {
                for run in spans.runs(of: row) {
                    let minX = max(run.lowerBound, 0)
                    let maxX = min(run.upperBound, surface.width)
                    guard minX < maxX else { continue }
                    memset(pixels + row * stride + minX * 4, 0, (maxX - minX) * 4)
                }
            }
        }
    }
}
