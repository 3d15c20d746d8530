import VoiceRecorderCore

/// The capture opened at touch-down (SPEC A.2, A.11): a press becomes a hold only after 0.18 s of stillness, which
/// is time enough to connect to the microphone and open its stream paused. When the hold lands the take starts on
/// that capture, which only has to unpause, so the first syllable is not lost to setting up. A press that becomes a
/// tap, a scroll or a cancelled touch closes it: nothing was recorded, no file was made, no take was numbered.
extension Session {
    /// Whether a capture is open and waiting for a hold to land.
    public var isCapturePrepared: Bool { preparedCapture != nil }

    /// Opens a paused capture while a press on an idle session may still become a hold, and closes it once it
    /// cannot. Called after every control input and when the hold timer fires.
    func preparePendingHold() {
        let holdMayLand =
            control.holdDeadline != nil && phase == .idle && machine.access == .granted
            && !machine.isAskingForAccess
        if holdMayLand {
            guard preparedCapture == nil else { return }
            // A source that cannot make a capture now is asked again when the hold lands, which reports why.
            guard let capture = try? source.makeCapture() else { return }
            capture.prepare()
            preparedCapture = capture
        } else {
            closePreparedCapture()
        }
    }

    /// The prepared capture, handed to the take that starts now (nil: none is open).
    func takePreparedCapture() -> AudioCapture? {
        defer { preparedCapture = nil }
        return preparedCapture
    }

    /// Closes the prepared capture, if one is open: it never started, so it recorded nothing.
    func closePreparedCapture() {
        preparedCapture?.stop()
        preparedCapture = nil
    }
}
