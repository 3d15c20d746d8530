/// The reading direction of the control (SPEC A.17). Right to left mirrors everything.
public enum LayoutDirection: String, Sendable, Equatable {
    /// Reading starts on the left (English): the mic rests at the right.
    case leftToRight
    /// Reading starts on the right (Arabic, Hebrew): the mic rests at the left.
    case rightToLeft

    /// +1 when the leading edge is on the left, −1 when it is on the right.
    public var leadingSign: Double { self == .leftToRight ? 1 : -1 }

    /// The distance a screen movement `dx` (+x = toward the screen's right) travels toward the leading edge.
    public func leadingTravel(screenDX dx: Double) -> Double { -dx * leadingSign }

    /// Mirrors a horizontal position `x` inside a band `width` wide when right to left; identity otherwise.
    public func mirrored(_ x: Double, in width: Double) -> Double { self == .leftToRight ? x : width - x }
}
