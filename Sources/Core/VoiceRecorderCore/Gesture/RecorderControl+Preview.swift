/// The preview's input rules (SPEC D.1–D.4): the pause/mic bubble, the play button, scrubbing the waveform and
/// dragging the two trim handles. Like the rest of the control, they only ask for session events.
extension RecorderControl {
    /// Handles one preview input that happened at `time` while the session was in `phase` with a take
    /// `takeLength` seconds long (the paused take's length; what a point on the waveform is read against).
    public mutating func handle(_ input: PreviewInput, phase: Phase, takeLength: Double, at time: Double) -> [Action] {
        switch input {
        case .click(.pauseBubble):
            // Only a hands-free take pauses from the bubble; paused, the bubble is the mic and resumes.
            switch phase {
            case .locked: return [.session(.pause)]
            case .paused: return [.session(.resume)]
            case .idle, .holding, .stopped: return []
            }
        case .click(.playButton):
            return phase == .paused ? [.session(.togglePlayback)] : []
        case .click:
            return []
        case .dragBegan(let part, let x):
            guard phase == .paused, !part.isButton, let track = waveformTrack else { return [] }
            previewDrag = part
            return dragEvents(part, x: x, track: track, length: takeLength)
        case .dragMoved(let x), .dragEnded(let x):
            guard let part = previewDrag else { return [] }
            if case .dragEnded = input { previewDrag = nil }
            guard phase == .paused, let track = waveformTrack else {
                previewDrag = nil
                return []
            }
            return dragEvents(part, x: x, track: track, length: takeLength)
        case .dragCancelled:
            previewDrag = nil
            return []
        }
    }

    /// Tells the control where the paused take's waveform lies (nil: not shown, drags on it are ignored).
    public mutating func setWaveformTrack(_ track: WaveformTrack?) {
        waveformTrack = track
        if track == nil { previewDrag = nil }
    }

    private func dragEvents(_ part: PreviewPart, x: Double, track: WaveformTrack, length: Double) -> [Action] {
        let seconds = track.seconds(atX: x, length: length)
        switch part {
        case .waveform: return [.session(.seek(to: seconds))]
        case .startHandle: return [.session(.trim(start: seconds, end: nil))]
        case .endHandle: return [.session(.trim(start: nil, end: seconds))]
        case .pauseBubble, .playButton: return []
        }
    }
}
