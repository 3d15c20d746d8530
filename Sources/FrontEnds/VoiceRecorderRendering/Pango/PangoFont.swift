import CPangoCairo

/// An owned Pango font description: a family, a weight and an absolute size in points.
///
/// Sizes are absolute (one Pango device unit per point) so they never depend on the screen's DPI: the control's
/// coordinates are points, and its text must measure the same on every machine.
public final class PangoFont {
    /// The font description handle, valid while this object lives.
    let pointer: OpaquePointer

    /// The family, weight and size of this font.
    public let family: String
    /// The weight, 100…1000 (400 regular, 600 semibold).
    public let weight: Int
    /// The size in points.
    public let size: Double

    /// A font of `family` at `weight`, `size` points tall.
    public init(family: String, weight: Int, size: Double) {
        pointer = pango_font_description_new()!
        pango_font_description_set_family(pointer, family)
        pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_absolute_size(pointer, size * Double(PANGO_SCALE))
        self.family = family
        self.weight = weight
        self.size = size
    }

    deinit { pango_font_description_free(pointer) }
}
