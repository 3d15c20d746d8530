import CGtk
import VoiceRecorderCore

/// Following the control's size, text scale and direction: the discard and lock reaches (SPEC A.3) and the
/// mirroring (A.17) depend on them, so the session hears each change, never a value read once at construction
/// (before the first allocation the widget has no width at all).
extension VoiceRecorderWidget {
    /// Follows every allocation (the canvas is resized with the control: it spans the control's width and the
    /// spill around it) and every change of direction.
    func followGeometryChanges() {
        Signals.connectResize(UnsafeMutableRawPointer(canvas)) { [weak self] _, _ in self?.followGeometry() }
        Signals.connectDirectionChanged(UnsafeMutableRawPointer(widget)) { [weak self] in self?.relayout() }
    }

    /// Sizes the row for the side (after a change of text scale, style or direction) and follows the new geometry.
    func relayout() {
        let side = Int32(self.side.rounded())
        gtk_widget_set_size_request(micButton, side, side)
        gtk_widget_set_size_request(row, -1, side)
        gtk_widget_set_margin_start(micButton, content == nil ? 0 : Int32(BandLayout.contentGap))
        gtk_widget_set_valign(micButton, GTK_ALIGN_CENTER)
        followGeometry()
        gtk_widget_queue_allocate(widget)
        requestFrames()
    }

    /// Tells the session and the animator the geometry the reaches and the mirroring depend on: the allocated
    /// width, the side for the text scale, the direction. A take already held keeps the reaches it started with.
    func followGeometry() {
        session.resizeControl(width: allocatedWidth, style: style, textScale: textScale, direction: direction)
        animator.direction = direction
        let geometry = (width: allocatedWidth, side: side, direction: direction)
        guard followedGeometry.map({ $0 != geometry }) ?? true else { return }
        followedGeometry = geometry
        onGeometryChanged?()
    }
}
