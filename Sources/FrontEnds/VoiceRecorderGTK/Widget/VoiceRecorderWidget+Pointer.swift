import CGtk
import VoiceRecorderCore

/// Pointer input: one `GtkGestureDrag` on the overlay in the capture phase. Presses on the mic (the send button
/// hands-free) or on the hands-free trash are claimed, everything else is left to the content; which part a point
/// lands on is the layout's to say (`BandLayout.pressTarget`), judged against the shapes as drawn. With preview on,
/// the preview's parts (`BandLayout.previewPart`) are asked first (`+Preview`).
extension VoiceRecorderWidget {
    func connectPointer() {
        let gesture = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gesture, 1)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        let raw = UnsafeMutableRawPointer(gesture)
        Signals.connectPoint(raw, "drag-begin") { [weak self] x, y in
            guard let self else { return }
            if beginPreviewPress(at: Point(x: x, y: y)) {
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
                pressStart = Point(x: x, y: y)
                return
            }
            pointerTarget = pressTarget(at: Point(x: x, y: y))
            guard pointerTarget != nil else {
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            pressStart = Point(x: x, y: y)
            if pointerTarget == .mic { session.handle(.touchDown(pressStart, fingers: 1)) }
        }
        Signals.connectPoint(raw, "drag-update") { [weak self] dx, dy in
            guard let self else { return }
            if previewPress != nil { return movePreviewPress(to: pressStart + Point(x: dx, y: dy)) }
            guard pointerTarget == .mic else { return }
            session.handle(.touchMove(pressStart + Point(x: dx, y: dy)))
            followDrag()
        }
        Signals.connectPoint(raw, "drag-end") { [weak self] dx, dy in
            guard let self else { return }
            let point = pressStart + Point(x: dx, y: dy)
            if previewPress != nil { return endPreviewPress(at: point) }
            switch pointerTarget {
            case .mic: session.handle(.touchUp(point))
            // A click on the trash deletes only if the button comes up on it too.
            case .trash: if pressTarget(at: point) == .trash { session.cancel() }
            case nil: break
            }
            pointerTarget = nil
        }
        Signals.connectGestureCancel(raw) { [weak self] in
            self?.cancelPreviewPress()
            guard let self, pointerTarget == .mic else { return }
            // Making the widget insensitive resets its gestures before "state-flags-changed" is emitted: the
            // cancel arrives first, and must count as the disabling it is (the take cancelled as Delete), not as
            // a touch the system took away.
            if gtk_widget_get_sensitive(widget) == 0 || gtk_widget_is_sensitive(widget) == 0 {
                session.interrupt(.disabled)
            }
            forgetPress()
        }
        gtk_widget_add_controller(widget, gesture)
    }

    /// What a press at `point` (band coordinates) lands on now.
    private func pressTarget(at point: Point) -> BandLayout.PressTarget? {
        currentLayout(at: scheduler.now).pressTarget(at: point, phase: session.phase)
    }
}
