/// Where every part of the control is, for one frame: an immutable value computed by `BandLayout(_:)` from a
/// `BandLayoutInput`. The front end only draws it: every size, position, opacity and neck is here, already mirrored
/// right to left, so the renderer holds no thresholds or timings of its own.
///
/// Coordinates are the band's own: origin at the top-left of the control's row, +x right, +y down, `height` = *side*.
/// The lane and the hint rise above the band (negative y) and the swollen mic spills a little past it: `overflowAbove`
/// and `bounds` say by how much, so the widget can draw outside its row.
///
/// Paint order: `glass` (each part, then `necks` with the same glass so the parts melt into one liquid union), then
/// the contents: the content (below the glass), capsule items, lane glyphs, bubble glyphs, hint text, mic glyph.
public struct BandLayout: Sendable, Equatable {
    /// The mic (the send button when hands-free).
    public struct Mic: Sendable, Equatable {
        /// The centre, in band coordinates.
        public var center: Point
        /// The diameter including the press (0.92 ×) and swell (1.1 ×) scales.
        public var diameter: Double
        /// Under Reduce Motion a press dims the mic instead of sinking it: draw it at opacity `1 − dim`.
        public var dim: Double
        /// The glyph's box (mic or arrow-up), 20 pt × grow, scaled with the mic.
        public var glyph: Rect
        /// The mic as a glass shape.
        public var shape: GlassShape { .circle(center: center, diameter: diameter) }
    }

    /// The recording dot beside the clock.
    public struct Dot: Sendable, Equatable {
        /// The centre, in band coordinates.
        public var center: Point
        /// 8 pt × grow, times the breath's scale.
        public var diameter: Double
        /// The breath's opacity (1 when not breathing).
        public var opacity: Double
    }

    /// "‹ Slide to cancel", eaten from its far end as the finger travels.
    public struct SlideToCancel: Sendable, Equatable {
        /// The chevron's box, drifted toward the leading edge.
        public var chevron: Rect
        /// Whether the chevron points left (the leading edge is on the left).
        public var chevronPointsLeft: Bool
        /// The words' box, nil when only the chevron shows (no room, or an accessibility text size).
        public var words: Rect?
        /// What is left of the group: clip the chevron and words to it.
        public var visible: Rect
        /// 1 − 1.25 × progress.
        public var opacity: Double
    }

    /// The recording capsule and what it holds. Items are laid out in the capsule's fully-out rectangle so they
    /// never squash; clip them to `shape` and fade them with `contentOpacity` while the capsule buds or melts.
    public struct Capsule: Sendable, Equatable {
        /// The glass shape, as it is this frame (budding, out or melting).
        public var shape: GlassShape
        /// Its opacity: 1 while budding (the union hides a bud in its parent); fading in place under Reduce Motion.
        public var opacity: Double
        /// The opacity of what it holds: its contents appear over the second half of the bud, once there is room.
        public var contentOpacity: Double
        /// The recording dot.
        public var dot: Dot
        /// The clock's text box (its top-left is the text's origin).
        public var clockText: Rect
        /// The bars row: the space between the clock and "Slide to cancel", less 10 pt × grow at top and bottom.
        public var bars: Rect
        /// Present while a take is held.
        public var slideToCancel: SlideToCancel?
        /// The paused take's items (the play button, the waveform, the handles), with preview on while paused.
        public var paused: PausedItems? = nil
    }

    /// The lock lane above the mic.
    public struct Lane: Sendable, Equatable {
        /// The glass shape, as it is this frame (budding, out or melting).
        public var shape: GlassShape
        /// Its opacity: 1 while budding (the union hides a bud in its parent); fading in place under Reduce Motion.
        public var opacity: Double
        /// The opacity of what it holds: its contents appear over the second half of the bud, once there is room.
        public var contentOpacity: Double
        /// The lock glyph's box, 15 pt × grow, 13 pt × grow below the lane's top.
        public var lockGlyph: Rect
        /// How far the lock has shut, 0…1.
        public var lockShut: Double
        /// The up chevron's box, 11 pt × grow, 6 pt × grow below the lock.
        public var chevron: Rect
        /// Fades as the lane stretches: 1 − stretch ÷ (0.6 × lock reach).
        public var chevronOpacity: Double
    }

    /// A round bubble with a glyph: the hands-free trash or the discard bin.
    public struct Bubble: Sendable, Equatable {
        /// The glass shape, as it is this frame (budding, out or melting).
        public var shape: GlassShape
        /// Its opacity: 1 while budding (the union hides a bud in its parent); fading in place under Reduce Motion.
        public var opacity: Double
        /// The opacity of what it holds: its contents appear over the second half of the bud, once there is room.
        public var contentOpacity: Double
        /// The glyph's box, 18 pt × grow.
        public var glyph: Rect
        /// The glyph's rotation in radians about `glyphPivot` (the bin tipping closed), Cairo's sense.
        public var glyphRotation: Double
        /// The bottom-centre of the glyph.
        public var glyphPivot: Point
    }

    /// The hint bubble.
    public struct Hint: Sendable, Equatable {
        /// The glass shape, as it is this frame (budding, out or melting).
        public var shape: GlassShape
        /// Its opacity: 1 while budding (the union hides a bud in its parent); fading in place under Reduce Motion.
        public var opacity: Double
        /// The text's box (its top-left is the text's origin; lay it out at this width).
        public var text: Rect
        /// The text appears over the second half of the bud, once there is room.
        public var textOpacity: Double
    }

    /// The app's own content in the leading space.
    public struct Content: Sendable, Equatable {
        /// The leading space, up to 26 pt before the resting mic.
        public var rect: Rect
        /// Faded out while the capsule covers it.
        public var opacity: Double
        /// False while the capsule covers it (or it is faded): it takes no input then.
        public var takesInput: Bool
    }

    /// Which part a glass shape belongs to.
    public enum Part: String, Sendable, Equatable {
        case mic, capsule, lane, trash, bin, hint, pauseBubble
    }

    /// One glass shape to fill, in paint order.
    public struct GlassPart: Sendable, Equatable {
        /// Which part this is.
        public var part: Part
        /// The glass shape, as it is this frame (budding, out or melting).
        public var shape: GlassShape
        /// The part's opacity (1 − dim for the mic).
        public var opacity: Double
    }

    /// A neck joining two glass parts, filled with the same glass.
    public struct Neck: Sendable, Equatable {
        /// The two parts joined.
        public var parts: [Part]
        /// The neck's geometry.
        public var neck: LiquidNeck
        /// The fainter of the two parts' opacities.
        public var opacity: Double
    }

    /// The control's width.
    public var width: Double
    /// The band's height: the style's height × grow.
    public var side: Double
    /// How much shapes and glyphs grew with the text (1…1.4).
    public var grow: Double
    /// The reading direction the layout was mirrored for.
    public var direction: LayoutDirection
    /// How far the drawing rises above the band (the lane, the hint, the swollen mic), in points; 0 at rest.
    public var overflowAbove: Double
    /// Everything drawn, in band coordinates (at least the band itself).
    public var bounds: Rect

    /// The mic, always present.
    public var mic: Mic
    /// The recording capsule, nil while home.
    public var capsule: Capsule?
    /// The lock lane, nil while home.
    public var lane: Lane?
    /// The hands-free trash, nil while home.
    public var trash: Bubble?
    /// The discard bin, nil while home.
    public var bin: Bubble?
    /// The hint bubble, nil while home.
    public var hint: Hint?
    /// The pause bubble (the mic bubble while paused) above the send button, nil while home (SPEC D.1).
    public var pauseBubble: PauseBubble?
    /// The app's content, nil when there is none.
    public var content: Content?
    /// Every glass shape, in paint order (the mic last, on top).
    public var glass: [GlassPart]
    /// The necks between glass parts closer than the melt distance.
    public var necks: [Neck]
}
