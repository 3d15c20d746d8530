import CPangoCairo

/// An owned cairo image surface: pixels in memory, no display needed. Freed when the last reference goes.
public final class CairoImageSurface {
    /// The cairo surface handle (`cairo_surface_t *`), valid while this object lives.
    public let pointer: OpaquePointer

    /// The pixel format.
    public enum Format: Sendable {
        /// 32-bit premultiplied ARGB, native-endian (what the control is drawn into).
        case argb32
        /// 8-bit alpha only (masks).
        case a8

        var cairoFormat: cairo_format_t { self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8 }
    }

    /// A new, fully transparent surface of `width` × `height` pixels.
    public init(width: Int, height: Int, format: Format = .argb32) throws {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767 else {
            throw CairoError(status: CAIRO_STATUS_INVALID_SIZE, operation: "create a \(width)×\(height) image")
        }
        let surface = cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height))!
        // cairo returns an inert "nil surface" carrying the error rather than NULL: check it, then release it.
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError(status: status, operation: "create a \(width)×\(height) image")
        }
        pointer = surface
    }

    /// The surface decoded from the PNG file at `path`, always as 32-bit ARGB (cairo decodes an opaque PNG as
    /// 24-bit RGB, whose fourth byte is undefined; converting keeps every image comparable byte for byte).
    public init(contentsOfPNG path: String) throws {
        let decoded = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(decoded) }
        try CairoError.check(cairo_surface_status(decoded), "read the PNG \(path)")
        let width = cairo_image_surface_get_width(decoded)
        let height = cairo_image_surface_get_height(decoded)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let context = cairo_create(surface)!
        cairo_set_source_surface(context, decoded, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        let status = cairo_status(context)
        cairo_destroy(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError(status: status, operation: "convert the PNG \(path)")
        }
        pointer = surface
    }

    deinit { cairo_surface_destroy(pointer) }

    /// The width in pixels.
    public var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    /// The height in pixels.
    public var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    /// The number of bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }
    /// Whether each pixel is four bytes of premultiplied ARGB (otherwise one byte of alpha).
    public var isARGB: Bool { cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32 }

    /// Writes the surface as a PNG file at `path`.
    public func writePNG(to path: String) throws {
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_write_to_png(pointer, path), "write the PNG \(path)")
    }

    /// Reads or changes the pixels directly: `body` gets the first byte and the stride. Pending drawing is flushed
    /// first and cairo is told afterwards that the pixels may have changed.
    public func withPixels<Result>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> Result) rethrows
        -> Result
    {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(cairo_image_surface_get_data(pointer)!, stride)
    }

    /// The colour of the pixel at (`x`, `y`), un-premultiplied, each component 0…255 (for tests and tools).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        cairo_surface_flush(pointer)
        let data = cairo_image_surface_get_data(pointer)!
        guard isARGB else {
            let a = data[y * stride + x]
            return (0, 0, 0, a)
        }
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let alpha = UInt8(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = Int((word >> shift) & 0xFF)
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + Int(alpha) / 2) / Int(alpha)))
        }
        return (channel(16), channel(8), channel(0), alpha)
    }
}
