import CGtk
import VoiceRecorderCore

/// The paused take's adjustable elements (SPEC D.7): the trim handles "Start" and "End" and the waveform "Position",
/// each a `GtkScale` laid over its shape. GTK 4.8 publishes AT-SPI's Value interface (current, minimum and maximum)
/// only for ranges and a few other widget kinds, so a real range is what makes them adjustable to screen readers.
/// The renderer draws the parts; the scales draw nothing but a focus ring and take no pointer input (the overlay's
/// gesture routes presses by the layout's hit test). Their values are the session's times in seconds; a screen
/// reader's or the arrow keys' change becomes a seek or a trim, whose clamping is the session's.
extension VoiceRecorderWidget {
    func buildPreviewSliders() {
        Self.installSliderStyleSheet()
        for (_, slider) in previewSliders {
            gtk_widget_add_css_class(slider, "voicerecorder-preview-adjustable")
            gtk_widget_set_can_target(slider, 0)
            gtk_widget_set_focusable(slider, 1)
            gtk_overlay_add_overlay(OpaquePointer(widget), slider)
            gtk_widget_set_visible(slider, 0)
        }
    }

    func connectPreviewSliders() {
        for (part, slider) in previewSliders {
            Signals.connect(UnsafeMutableRawPointer(slider), "value-changed") { [weak self] in
                guard let self, !isSyncingSliders else { return }
                adjusted(part, to: gtk_range_get_value(cast(slider)))
            }
        }
    }

    /// A person (through a screen reader, or the arrow keys) moved `part` to `seconds`.
    private func adjusted(_ part: PreviewPart, to seconds: Double) {
        guard let kept = session.keptRange else { return }
        switch part {
        case .waveform: session.seek(to: seconds)
        case .startHandle: session.trim(start: seconds, end: kept.end)
        case .endHandle: session.trim(start: kept.start, end: seconds)
        case .pauseBubble, .playButton: return
        }
        // The session may have clamped the time: the sliders show what it kept.
        updateAccessibility(force: true)
        requestFrames()
    }

    /// The sliders' presence, labels and values from the core's `PreviewAccessibility` (empty: hidden).
    func updatePreviewSliders(_ adjustables: [PreviewAccessibility.Adjustable]) {
        isSyncingSliders = true
        defer { isSyncingSliders = false }
        let length = session.takeLength ?? 0
        for (part, slider) in previewSliders {
            guard let element = adjustables.first(where: { $0.part == part }) else {
                gtk_widget_set_visible(slider, 0)
                continue
            }
            // Every slider spans the whole take, so a value reads the same on each: seconds from its first sample.
            gtk_adjustment_configure(
                gtk_range_get_adjustment(cast(slider)), element.seconds, 0, max(length, element.seconds),
                PreviewAccessibility.step, PreviewAccessibility.step, 0)
            // GTK 4.8's AT-SPI Value has numbers only: the position in words goes in the value text and the
            // description, which screen readers read with the name.
            GValues.setAccessible(
                slider,
                [
                    (GTK_ACCESSIBLE_PROPERTY_LABEL, element.label),
                    (GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, element.value),
                    (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, element.value),
                ])
            gtk_widget_set_visible(slider, 1)
        }
    }

    /// Where a slider goes: over the waveform's row, or over a handle's press strip.
    static func sliderRect(_ part: PreviewPart, in items: BandLayout.PausedItems) -> Rect? {
        switch part {
        case .waveform: items.waveform
        case .startHandle: items.startHandleTarget
        case .endHandle: items.endHandleTarget
        case .pauseBubble, .playButton: nil
        }
    }

    /// The sliders draw nothing of their own (no trough, no knob, no minimum size): only a focus ring when the
    /// keyboard reaches them.
    private static let sliderStyleSheet = """
        scale.voicerecorder-preview-adjustable, scale.voicerecorder-preview-adjustable * { min-height: 0;
          min-width: 0; padding: 0; margin: 0; border: none; background: none; box-shadow: none; outline: none; }
        scale.voicerecorder-preview-adjustable > trough { opacity: 0; }
        scale.voicerecorder-preview-adjustable:focus-visible { box-shadow: inset 0 0 0 2px @accent_color;
          border-radius: 6px; }
        """

    private nonisolated(unsafe) static var sliderStyleSheetInstalled = false

    private static func installSliderStyleSheet() {
        guard !sliderStyleSheetInstalled, gdk_display_get_default() != nil else { return }
        sliderStyleSheetInstalled = true
        StyleSheet.install(sliderStyleSheet)
    }
}
