import CGtk
import VoiceRecorderCore

/// A plain drawing of a band layout with Cairo: every glass part and neck as a flat translucent shape, the mic red
/// while recording. It shows where everything is and how it moves, without the glass look; `ControlPainting` uses it
/// when no full renderer is given.
enum FallbackPainter {
    static func paint(_ layout: BandLayout, phase: Phase, dark: Bool, enabled: Bool, on cr: OpaquePointer) {
        let glass = dark ? RGBA(hex: 0x2B2B2B, alpha: 0.92) : RGBA(hex: 0xF7F7F7, alpha: 0.92)
        let rim = dark ? RGBA(hex: 0xFFFFFF, alpha: 0.18) : RGBA(hex: 0x000000, alpha: 0.12)
        for part in layout.glass {
            var color = part.part == .mic && phase != .idle ? RGBA(hex: 0xFF0000) : glass
            if !enabled { color = color.desaturated }
            rounded(part.shape.rect, radius: part.shape.cornerRadius, on: cr)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * part.opacity)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, rim.red, rim.green, rim.blue, rim.alpha * part.opacity)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        }
        // The mic's glyph: a dot at rest, an arrow up hands-free.
        let ink = phase == .idle ? (dark ? RGBA(hex: 0xF4F3EF) : RGBA(hex: 0x141414)) : RGBA(hex: 0x141414)
        cairo_set_source_rgba(cr, ink.red, ink.green, ink.blue, 1 - layout.mic.dim)
        let glyph = layout.mic.glyph
        if phase == .locked || phase == .stopped {
            cairo_set_line_width(cr, 2.5)
            cairo_move_to(cr, glyph.midX, glyph.maxY)
            cairo_line_to(cr, glyph.midX, glyph.minY)
            cairo_move_to(cr, glyph.minX + glyph.width * 0.2, glyph.minY + glyph.height * 0.35)
            cairo_line_to(cr, glyph.midX, glyph.minY)
            cairo_line_to(cr, glyph.maxX - glyph.width * 0.2, glyph.minY + glyph.height * 0.35)
            cairo_stroke(cr)
        } else {
            rounded(Rect(x: glyph.midX - glyph.width * 0.18, y: glyph.minY, width: glyph.width * 0.36,
                         height: glyph.height * 0.62), radius: glyph.width * 0.18, on: cr)
            cairo_fill(cr)
        }
        if let capsule = layout.capsule {
            let dot = capsule.dot
            cairo_set_source_rgba(cr, 1, 0, 0, dot.opacity * capsule.contentOpacity)
            cairo_arc(cr, dot.center.x, dot.center.y, dot.diameter / 2, 0, 2 * .pi)
            cairo_fill(cr)
        }
    }

    private static func rounded(_ rect: Rect, radius: Double, on cr: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
