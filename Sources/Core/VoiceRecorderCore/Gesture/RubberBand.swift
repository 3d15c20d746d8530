/// The elastic give past a limit (SPEC A.3): `(1 − 1 / (x × 0.55 / limit + 1)) × limit`.
///
/// It follows the finger at first and tends to `limit` however far the finger goes, so the mic never runs away.
public func rubberBand(_ overshoot: Double, limit: Double) -> Double {
    guard overshoot > 0, limit > 0 else { return 0 }
    return (1 - 1 / (overshoot * 0.55 / limit + 1)) * limit
}
