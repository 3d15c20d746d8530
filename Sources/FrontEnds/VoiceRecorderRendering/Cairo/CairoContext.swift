import CPangoCairo
import VoiceRecorderCore

/// A cairo drawing context (`cairo_t`), reference-counted: one made for an image surface, or one borrowed from a
/// widget's draw callback (retained for as long as this object lives). Every cairo call the renderer makes goes
/// through here, typed for Swift.
public final class CairoContext {
    /// The cairo context handle (`cairo_t *`), valid while this object lives.
    public let pointer: OpaquePointer
    /// The surface drawn into, kept alive with the context when this object made it.
    private let ownedSurface: CairoImageSurface?

    /// A context drawing into `surface`.
    public init(surface: CairoImageSurface) throws {
        let context = cairo_create(surface.pointer)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw CairoError(status: status, operation: "create a drawing context")
        }
        pointer = context
        ownedSurface = surface
    }

    /// Wraps a context someone else made (a widget's draw callback), adding a reference for this object's lifetime.
    public init(retaining context: OpaquePointer) {
        pointer = cairo_reference(context)!
        ownedSurface = nil
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the context's error, if drawing has put it in one (cairo's errors are sticky).
    public func check(_ operation: @autoclosure () -> String) throws {
        try CairoError.check(cairo_status(pointer), operation())
    }

    // MARK: State

    /// Runs `body` between `cairo_save` and `cairo_restore`, so transforms, clips and sources don't leak.
    public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    /// Draws `body` into a temporary group, then paints the group at `opacity` (so overlapping fills inside it
    /// composite as one layer). `within` bounds the group (in user space): a group is as large as the clip, so
    /// bounding it keeps its cost to the pixels it can touch.
    public func inGroup(opacity: Double = 1, within bounds: Rect? = nil, _ body: () -> Void) {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        if let bounds {
            rectangle(bounds)
            clip()
        }
        cairo_push_group(pointer)
        body()
        cairo_pop_group_to_source(pointer)
        if opacity >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(opacity, 0)) }
    }

    /// Moves the origin.
    public func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    /// Scales user space.
    public func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    /// Rotates user space by `angle` radians (from +x toward +y).
    public func rotate(_ angle: Double) { cairo_rotate(pointer, angle) }

    /// The transform from user space to device pixels: `x' = xx·x + x0`, `y' = yy·y + y0`, or nil when it rotates or
    /// shears (only scales and translations are reported).
    public var scaleAndTranslation: (xx: Double, yy: Double, x0: Double, y0: Double)? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        guard matrix.xy == 0, matrix.yx == 0 else { return nil }
        return (matrix.xx, matrix.yy, matrix.x0, matrix.y0)
    }

    /// Replaces the transform with a scale by `scale` and then a translation by (`x0`, `y0`) device pixels.
    public func setScaleAndTranslation(scale: Double, x0: Double, y0: Double) {
        var matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: x0, y0: y0)
        cairo_set_matrix(pointer, &matrix)
    }

    /// How the next fills and paints combine with what is there.
    public enum Operator {
        /// Paint over what is there.
        case over
        /// Replace what is there (inside the shape).
        case source
        /// Erase (inside the shape).
        case clear

        var cairoOperator: cairo_operator_t {
            switch self {
            case .over: CAIRO_OPERATOR_OVER
            case .source: CAIRO_OPERATOR_SOURCE
            case .clear: CAIRO_OPERATOR_CLEAR
            }
        }
    }

    /// Sets how the next fills and paints combine with what is there.
    public func setOperator(_ op: Operator) { cairo_set_operator(pointer, op.cairoOperator) }

    // MARK: Sources

    /// Paints with a flat colour.
    public func setSource(_ color: RGBA) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    /// Paints with a gradient.
    public func setSource(_ gradient: CairoGradient) { cairo_set_source(pointer, gradient.pointer) }

    /// Paints with an image placed with its top-left pixel at (`x`, `y`) in user space.
    public func setSource(_ image: CairoImageSurface, x: Double, y: Double) {
        cairo_set_source_surface(pointer, image.pointer, x, y)
    }

    // MARK: Paths

    /// Forgets the current path.
    public func newPath() { cairo_new_path(pointer) }
    /// Starts a new sub-path without a line from the last point.
    public func newSubPath() { cairo_new_sub_path(pointer) }
    /// Starts a sub-path at `point`.
    public func move(to point: Point) { cairo_move_to(pointer, point.x, point.y) }
    /// Adds a straight line to `point`.
    public func line(to point: Point) { cairo_line_to(pointer, point.x, point.y) }
    /// Closes the current sub-path.
    public func closePath() { cairo_close_path(pointer) }
    /// Adds a circular arc; a positive `sweep` runs from +x toward +y (`cairo_arc`), a negative one the other way
    /// (`cairo_arc_negative`).
    public func arc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        if sweep >= 0 {
            cairo_arc(pointer, center.x, center.y, max(radius, 0), startAngle, startAngle + sweep)
        } else {
            cairo_arc_negative(pointer, center.x, center.y, max(radius, 0), startAngle, startAngle + sweep)
        }
    }
    /// Adds a closed rectangle.
    public func rectangle(_ rect: Rect) { cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height) }

    /// Adds a closed rounded rectangle, drawn clockwise on screen (like every closed shape the renderer adds, so
    /// shapes filled together never cancel each other out).
    public func roundedRectangle(_ rect: Rect, radius: Double) {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        guard rect.width > 0, rect.height > 0 else { return }
        newSubPath()
        arc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, sweep: .pi / 2)
        arc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, sweep: .pi / 2)
        arc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, sweep: .pi / 2)
        arc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, sweep: .pi / 2)
        closePath()
    }

    // MARK: Drawing

    /// Fills the current path and forgets it.
    public func fill() { cairo_fill(pointer) }
    /// Fills the current path and keeps it.
    public func fillPreserve() { cairo_fill_preserve(pointer) }
    /// Strokes the current path and forgets it.
    public func stroke() { cairo_stroke(pointer) }
    /// Limits drawing to the current path (intersected with any clip) and forgets the path.
    public func clip() { cairo_clip(pointer) }
    /// Paints the source everywhere inside the clip.
    public func paint(opacity: Double = 1) {
        if opacity >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, max(opacity, 0)) }
    }
    /// Paints the source through the alpha of `mask`, placed with its top-left pixel at the user-space origin.
    /// `smooth` samples it bilinearly when it is scaled; otherwise each mask pixel covers its square (much cheaper,
    /// and invisible for a mask whose neighbouring pixels barely differ).
    public func mask(_ mask: CairoImageSurface, smooth: Bool = true) {
        let pattern = cairo_pattern_create_for_surface(mask.pointer)!
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        cairo_mask(pointer, pattern)
    }

    /// Sets the stroke's width in user units.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    /// Round caps and joins: every glyph's strokes are rounded.
    public func setRoundLines() {
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
    }
}

/// An owned linear gradient (`cairo_pattern_t`).
public final class CairoGradient {
    /// The cairo pattern handle, valid while this object lives.
    public let pointer: OpaquePointer

    /// A gradient along the line from `start` to `end`, through `stops` (offset 0…1, colour).
    public init(from start: Point, to end: Point, stops: [(Double, RGBA)]) {
        pointer = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        for (offset, color) in stops {
            cairo_pattern_add_color_stop_rgba(pointer, offset, color.red, color.green, color.blue, color.alpha)
        }
    }

    deinit { cairo_pattern_destroy(pointer) }
}

extension CairoContext {
    /// Draws `body` into a temporary group bounded by `bounds`, then paints the group at `opacity` through
    /// `clipPath` (which adds a path to the context).
    ///
    /// The same picture as clipping to the path around the whole group, to within edge rounding, far cheaper: under
    /// a curved clip cairo masks every fill with the clip's coverage, while here only the one paint is masked.
    func inGroup(opacity: Double, within bounds: Rect, clippedTo clipPath: () -> Void, _ body: () -> Void) {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        rectangle(bounds)
        clip()
        cairo_push_group(pointer)
        body()
        cairo_pop_group_to_source(pointer)
        clipPath()
        clip()
        paint(opacity: opacity)
    }

    /// Puts the state back to a new context's: identity transform, no clip, no path, "over", opaque black source.
    /// (For a context kept across frames, which `withSavedState` does not cover.)
    func resetState() {
        cairo_identity_matrix(pointer)
        cairo_reset_clip(pointer)
        cairo_new_path(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(pointer, 0, 0, 0, 1)
    }
}
