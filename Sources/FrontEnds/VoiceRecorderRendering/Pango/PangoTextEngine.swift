import CPangoCairo
import VoiceRecorderCore

/// The Pango context text is shaped in, on its own font map, with outlines that do not snap to the pixel grid:
/// text then measures the same whatever scale it is drawn at (the widget at 1× or 2×, the snapshots, the measuring
/// done before drawing). One engine per reading direction: the direction is the context's, so layouts of both
/// directions never share (and flip) one context.
public final class PangoTextEngine {
    /// The `PangoContext`, valid while this object lives.
    let context: OpaquePointer
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The reading direction paragraphs take, and the edge lines align to.
    public let direction: LayoutDirection

    /// An engine with its own font map, laying paragraphs out in `direction`.
    public init(direction: LayoutDirection = .leftToRight) {
        self.direction = direction
        fontMap = pango_cairo_font_map_new()!
        context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        // Greyscale antialiasing: subpixel colour fringes would differ between screens and snapshots.
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)  // copies the options
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_base_dir(context, direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// A new layout of `text` in `font`.
    public func layout(_ text: String, font: PangoFont) -> PangoTextLayout {
        PangoTextLayout(engine: self, text: text, font: font)
    }
}

/// An owned `PangoLayout`: one paragraph of text in one font, optionally wrapped at a width.
public final class PangoTextLayout {
    /// The layout handle, valid while this object lives.
    let pointer: OpaquePointer
    /// The engine whose context the layout was made in, kept alive with it.
    private let engine: PangoTextEngine

    init(engine: PangoTextEngine, text: String, font: PangoFont) {
        self.engine = engine
        pointer = pango_layout_new(engine.context)!
        pango_layout_set_font_description(pointer, font.pointer)
        pango_layout_set_text(pointer, text, -1)
        // Automatic direction would let Latin text in a right-to-left control flip its alignment: the control's
        // direction decides, and lines align to its leading edge.
        pango_layout_set_auto_dir(pointer, 0)
        pango_layout_set_alignment(pointer, engine.direction == .rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Wraps the text at `width` points (between words, or inside a word too long for a line); nil for one line.
    public func setWrapWidth(_ width: Double?) {
        guard let width, width.isFinite else {
            pango_layout_set_width(pointer, -1)
            return
        }
        pango_layout_set_width(pointer, Int32(max(width, 1) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
    }

    /// Asks the font for tabular (equal-width) digits, so a running clock never shifts.
    public func useTabularDigits() {
        addAttribute(pango_attr_font_features_new("tnum 1")!)
    }

    /// Underlines the UTF-8 byte range `range` of the text (a link).
    public func underline(utf8Range range: Range<Int>) {
        let attribute = pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)!
        attribute.pointee.start_index = guint(range.lowerBound)
        attribute.pointee.end_index = guint(range.upperBound)
        addAttribute(attribute)
    }

    private func addAttribute(_ attribute: UnsafeMutablePointer<PangoAttribute>) {
        // The layout holds its own reference to its list: take it, or start one, then hand ownership over.
        let list: OpaquePointer
        if let existing = pango_layout_get_attributes(pointer) {
            list = pango_attr_list_copy(existing)!
        } else {
            list = pango_attr_list_new()!
        }
        pango_attr_list_insert(list, attribute)  // the list now owns the attribute
        pango_layout_set_attributes(pointer, list)
        pango_attr_list_unref(list)
    }

    /// The text's logical box in points, relative to the layout's own origin: its x is not 0 when lines align to
    /// the right of a wrap width.
    public var logicalBox: Rect {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        let unit = Double(PANGO_SCALE)
        return Rect(
            x: Double(logical.x) / unit, y: Double(logical.y) / unit,
            width: Double(logical.width) / unit, height: Double(logical.height) / unit)
    }

    /// The text's logical size in points (its advance width and line height).
    public var size: Size { logicalBox.size }

    /// The box of the characters in the UTF-8 byte range `range`, relative to the logical box's top-left, in points
    /// (the union of the first and last character's boxes: meant for a run on one line).
    public func box(utf8Range range: Range<Int>) -> Rect {
        var first = PangoRectangle()
        var last = PangoRectangle()
        pango_layout_index_to_pos(pointer, Int32(range.lowerBound), &first)
        pango_layout_index_to_pos(pointer, Int32(max(range.upperBound - 1, range.lowerBound)), &last)
        func rect(_ r: PangoRectangle) -> Rect {
            // Right-to-left characters report a negative width: normalise.
            let x0 = Double(r.x) / Double(PANGO_SCALE)
            let x1 = Double(r.x + r.width) / Double(PANGO_SCALE)
            return Rect(
                minX: min(x0, x1), minY: Double(r.y) / Double(PANGO_SCALE),
                maxX: max(x0, x1), maxY: Double(r.y + r.height) / Double(PANGO_SCALE))
        }
        let logical = logicalBox
        let box = rect(first).union(rect(last))
        return Rect(x: box.minX - logical.minX, y: box.minY - logical.minY, width: box.width, height: box.height)
    }

    /// Draws the text with its logical box's top-left at `origin`, in the context's current source.
    public func draw(on context: CairoContext, at origin: Point) {
        let logical = logicalBox
        context.move(to: Point(x: origin.x - logical.minX, y: origin.y - logical.minY))
        pango_cairo_show_layout(context.pointer, pointer)
    }
}
