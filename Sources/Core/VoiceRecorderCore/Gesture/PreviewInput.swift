/// The parts of the control that only pause and preview has (SPEC D.1–D.4), as far as input goes.
public enum PreviewPart: String, Sendable, Equatable, CaseIterable {
    /// The round bubble above the send button: the pause bubble while hands-free, the mic bubble while paused.
    case pauseBubble = "pause-bubble"
    /// The play/pause button where the recording dot was, while paused.
    case playButton = "play-button"
    /// The paused take's whole waveform: pressing or dragging on it moves the playhead.
    case waveform
    /// The handle at the kept range's start.
    case startHandle = "start-handle"
    /// The handle at the kept range's end.
    case endHandle = "end-handle"

    /// Whether the part is a button (clicked) rather than something dragged along the waveform.
    public var isButton: Bool { self == .pauseBubble || self == .playButton }
}

/// Input on the preview's parts, as the front end sees it. Which part a press lands on is the layout's to say.
public enum PreviewInput: Sendable, Equatable {
    /// A click (a press and a lift on it) on a button part: the pause/mic bubble, the play button.
    case click(PreviewPart)
    /// A press on the waveform or a handle, at `x` in the control's coordinates.
    case dragBegan(PreviewPart, x: Double)
    /// The pressed finger (or pointer) moved to `x`.
    case dragMoved(x: Double)
    /// It lifted at `x`.
    case dragEnded(x: Double)
    /// The system took the press away: the drag ends where it last was.
    case dragCancelled
}

/// Where the paused take's waveform lies along the control, so a point on it reads as a time of the take.
/// Time runs from the leading edge to the trailing edge (left to right, mirrored right to left, SPEC A.17).
public struct WaveformTrack: Sendable, Equatable {
    /// The waveform's left and right edges in the control's coordinates.
    public var minX: Double
    public var maxX: Double
    /// The reading direction.
    public var direction: LayoutDirection

    public init(minX: Double, maxX: Double, direction: LayoutDirection = .leftToRight) {
        self.minX = min(minX, maxX)
        self.maxX = max(minX, maxX)
        self.direction = direction
    }

    /// The time of a take `length` seconds long under `x`, clamped to the take.
    public func seconds(atX x: Double, length: Double) -> Double {
        let width = maxX - minX
        guard width > 0, length > 0, x.isFinite else { return 0 }
        let fromLeft = min(max((x - minX) / width, 0), 1)
        let fraction = direction == .rightToLeft ? 1 - fromLeft : fromLeft
        return fraction * length
    }

    /// Where `seconds` of a take `length` seconds long lies along the track (what the renderer draws).
    public func x(atSeconds seconds: Double, length: Double) -> Double {
        let fraction = length > 0 ? min(max(seconds / length, 0), 1) : 0
        return direction == .rightToLeft ? maxX - fraction * (maxX - minX) : minX + fraction * (maxX - minX)
    }
}
