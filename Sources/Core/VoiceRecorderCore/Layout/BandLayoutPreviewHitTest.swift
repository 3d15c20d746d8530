extension BandLayout {
    /// Which of the preview's parts (SPEC D.1–D.4) a press at `point` (band coordinates) lands on while the session
    /// is in `phase`; nil when none, so the press goes on to `pressTarget(at:phase:)`. The pause bubble is a button
    /// hands-free (pause) and paused (resume); the play button, the handles and the waveform only paused. A handle
    /// wins over the waveform under it; where the two handles' strips overlap (a short kept range), the nearer wins.
    public func previewPart(at point: Point, phase: Phase) -> PreviewPart? {
        if let pauseBubble, phase == .locked || phase == .paused, pauseBubble.shape.contains(point) {
            return .pauseBubble
        }
        guard phase == .paused, let capsule, let paused = capsule.paused, capsule.shape.contains(point) else {
            return nil
        }
        let onStart = paused.startHandleTarget.contains(point)
        let onEnd = paused.endHandleTarget.contains(point)
        switch (onStart, onEnd) {
        case (true, true):
            let toStart = abs(point.x - paused.startHandle.midX)
            let toEnd = abs(point.x - paused.endHandle.midX)
            return toEnd < toStart ? .endHandle : .startHandle
        case (true, false): return .startHandle
        case (false, true): return .endHandle
        case (false, false): break
        }
        if point.x >= paused.waveform.minX, point.x <= paused.waveform.maxX { return .waveform }
        if paused.playTarget.contains(point) { return .playButton }
        return nil
    }
}

extension Rect {
    /// Whether `point` lies inside (edges included).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }
}
