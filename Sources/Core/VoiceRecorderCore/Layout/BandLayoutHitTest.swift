extension GlassShape {
    /// Whether `point` lies inside the rounded shape (its outline included): within `cornerRadius` of the core the
    /// corner circles' centres span, so a press just off a circle's curve, in its bounding box's corner, misses it.
    public func contains(_ point: Point) -> Bool {
        let core = self.core
        let nearest = Point(x: min(max(point.x, core.minX), core.maxX), y: min(max(point.y, core.minY), core.maxY))
        return nearest.distance(to: point) <= cornerRadius
    }
}

extension BandLayout {
    /// A part of the control that takes presses.
    public enum PressTarget: String, Sendable, Equatable {
        /// The mic (the send button hands-free): a press here is the control's touch.
        case mic
        /// The hands-free trash: a click (press and lift on it) deletes the take.
        case trash
    }

    /// What a press at `point` (band coordinates) lands on while the session is in `phase`; nil when it lands on
    /// neither part, so it belongs to the app's content (or to nothing). The mic is on top, so it wins where the
    /// two overlap; the trash takes presses only hands-free or stopped, the phases where it is a button (while it
    /// buds or melts around them it is only a picture).
    public func pressTarget(at point: Point, phase: Phase) -> PressTarget? {
        if mic.shape.contains(point) { return .mic }
        if let trash, phase == .locked || phase == .stopped, trash.shape.contains(point) { return .trash }
        return nil
    }
}
