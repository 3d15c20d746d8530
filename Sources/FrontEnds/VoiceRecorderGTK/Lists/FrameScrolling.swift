import CGtk

/// Makes a scrolled window's mouse wheel move it at most once per frame (see `WheelNotches` for why GTK 4.8's list
/// view needs it). Only wheel notches are taken over; a touchpad's pixel scrolling and its kinetic glide stay GTK's.
public final class FrameScrolling {
    private let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    private var notches = WheelNotches()
    private var tick: guint = 0

    /// Takes over `scrolledWindow`'s wheel (kept alive by the window: the controller holds this object).
    @discardableResult
    public static func install(on scrolledWindow: UnsafeMutablePointer<GtkWidget>) -> FrameScrolling {
        FrameScrolling(scrolledWindow)
    }

    private init(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        self.scrolledWindow = scrolledWindow
        let controller = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        // Capture phase: the notch is counted here before the scrolled window's own handler would move the list.
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        Signals.connectScroll(UnsafeMutableRawPointer(controller)) { [self] _, dy in
            guard
                gtk_event_controller_scroll_get_unit(OpaquePointer(UnsafeMutableRawPointer(controller)))
                    == GDK_SCROLL_UNIT_WHEEL
            else {
                return false
            }
            notches.turn(dy)
            scheduleFrame()
            return true
        }
        gtk_widget_add_controller(scrolledWindow, controller)
    }

    /// Moves the list at the start of the next frame (a tick callback runs before its layout), so the rows the move
    /// needs are measured before the next notch is applied.
    private func scheduleFrame() {
        guard tick == 0 else { return }
        tick = Signals.addTickCallback(scrolledWindow) { [weak self] in
            self?.applyNotches()
            return false
        }
    }

    private func applyNotches() {
        tick = 0
        guard let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow)) else { return }
        let target = notches.take(
            value: gtk_adjustment_get_value(adjustment), upper: gtk_adjustment_get_upper(adjustment),
            pageSize: gtk_adjustment_get_page_size(adjustment))
        if let target { gtk_adjustment_set_value(adjustment, target) }
    }
}
