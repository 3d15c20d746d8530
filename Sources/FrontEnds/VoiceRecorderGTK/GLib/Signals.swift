import CGtk

/// Connecting Swift closures to GObject signals, once and safely: each closure is boxed and retained by the
/// connection, and released by GLib's destroy notify when the handler is disconnected or the object finalised.
///
/// `g_signal_connect` is a macro, so connections go through `g_signal_connect_data`; each signal shape has its own
/// C thunk that unboxes the closure (C function pointers cannot capture).
public enum Signals {
    /// A boxed closure of any shape.
    final class Box<Body> {
        let body: Body
        init(_ body: Body) { self.body = body }
    }

    static func connect<Body>(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: Body,
        thunk: GCallback
    ) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        g_signal_connect_data(
            instance, signal, thunk, box,
            { data, _ in
                // The box's type is erased here; releasing needs only the object.
                Unmanaged<AnyObject>.fromOpaque(data!).release()
            }, GConnectFlags(rawValue: 0))
    }

    /// A signal with no arguments but the emitter (`clicked`, `destroy`, `realize`, `unmap`...). Only for signals
    /// of exactly that shape: a signal with one more argument would hand that argument over as the closure's box.
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body() }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying two doubles (a drag's `drag-begin`, `drag-update`, `drag-end`: x and y).
    public static func connectPoint(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ body: @escaping (Double, Double) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
        let thunk: Thunk = { _, x, y, data in
            Unmanaged<Box<(Double, Double) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(x, y)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkGesture::cancel`: the gesture's sequence was cancelled (its pointer grab broken, its window unmapped...).
    /// The signal carries the `GdkEventSequence`, which is NULL for a mouse pointer, before the closure's box.
    static func connectGestureCancel(_ gesture: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in
            Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body()
        }
        connect(gesture, "cancel", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkEventControllerKey::key-pressed`: the key value and the modifiers; returns whether the key was handled.
    public static func connectKeyPressed(
        _ instance: UnsafeMutableRawPointer,
        _ body: @escaping (UInt32, GdkModifierType) -> Bool
    ) {
        typealias Thunk = @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean
        let thunk: Thunk = { _, keyval, _, state, data in
            Unmanaged<Box<(UInt32, GdkModifierType) -> Bool>>.fromOpaque(data!).takeUnretainedValue()
                .body(keyval, state) ? 1 : 0
        }
        connect(instance, "key-pressed", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkWindow::close-request`: the window is asked to close. The handler answers TRUE (handled): GTK does not
    /// destroy the window itself, the app does once its loop has ended (destroying it twice would touch freed memory).
    public static func connectCloseRequest(_ window: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
        // The signal returns a gboolean: a handler declared void would leave whatever was in the return register.
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, data in
            Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body()
            return 1
        }
        connect(window, "close-request", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Draws the drawing area `area` with `body(cairo, width, height)`; the closure lives as long as the area.
    public static func setDrawFunction(
        _ area: UnsafeMutablePointer<GtkWidget>,
        _ body: @escaping (OpaquePointer, Double, Double) -> Void
    ) {
        typealias Body = (OpaquePointer, Double, Double) -> Void
        let box = Unmanaged.passRetained(Box<Body>(body)).toOpaque()
        gtk_drawing_area_set_draw_func(
            UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkDrawingArea.self),
            { _, cr, width, height, data in
                guard let cr else { return }
                Unmanaged<Box<Body>>.fromOpaque(data!).takeUnretainedValue().body(cr, Double(width), Double(height))
            }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }

    /// `GtkEventControllerKey::key-released`: the key value.
    static func connectKeyReleased(_ instance: UnsafeMutableRawPointer, _ body: @escaping (UInt32) -> Void) {
        typealias Thunk = @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> Void
        let thunk: Thunk = { _, keyval, _, _, data in
            Unmanaged<Box<(UInt32) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(keyval)
        }
        connect(instance, "key-released", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `notify::<property>`: a property changed.
    public static func connectNotify(
        _ instance: UnsafeMutableRawPointer, property: String, _ body: @escaping () -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body() }
        connect(instance, "notify::\(property)", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkOverlay::get-child-position`: where an overlay child goes (x, y, width, height), or nil for the default.
    static func connectChildPosition(
        _ overlay: UnsafeMutableRawPointer,
        _ body: @escaping (UnsafeMutablePointer<GtkWidget>) -> (x: Int32, y: Int32, width: Int32, height: Int32)?
    ) {
        typealias Body = (UnsafeMutablePointer<GtkWidget>) -> (x: Int32, y: Int32, width: Int32, height: Int32)?
        typealias Thunk =
            @convention(c) (
                gpointer?, UnsafeMutablePointer<GtkWidget>?,
                UnsafeMutablePointer<GdkRectangle>?, gpointer?
            ) -> gboolean
        let thunk: Thunk = { _, child, allocation, data in
            guard let child, let allocation,
                let place = Unmanaged<Box<Body>>.fromOpaque(data!).takeUnretainedValue().body(child)
            else { return 0 }
            allocation.pointee = GdkRectangle(x: place.x, y: place.y, width: place.width, height: place.height)
            return 1
        }
        connect(overlay, "get-child-position", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkDrawingArea::resize`: the area was allocated a new size (its width and height).
    static func connectResize(_ area: UnsafeMutableRawPointer, _ body: @escaping (Int32, Int32) -> Void) {
        typealias Thunk = @convention(c) (gpointer?, gint, gint, gpointer?) -> Void
        let thunk: Thunk = { _, width, height, data in
            Unmanaged<Box<(Int32, Int32) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(width, height)
        }
        connect(area, "resize", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkWidget::direction-changed`: the widget's text direction changed (the previous one is not passed on).
    static func connectDirectionChanged(_ widget: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, GtkTextDirection, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body() }
        connect(widget, "direction-changed", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Runs `body` on each frame of `widget`'s frame clock until it answers false (G_SOURCE_REMOVE); returns the
    /// callback's id (for `gtk_widget_remove_tick_callback`). The closure is released when the callback ends.
    static func addTickCallback(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping () -> Bool) -> guint {
        let box = Unmanaged.passRetained(Box<() -> Bool>(body)).toOpaque()
        return gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                // G_SOURCE_CONTINUE (1) while the body wants more frames, G_SOURCE_REMOVE (0) then.
                Unmanaged<Box<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0
            }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }

    /// `GtkWidget::state-flags-changed`: the widget's state flags (sensitivity among them) changed.
    static func connectStateFlagsChanged(_ widget: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, GtkStateFlags, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().body() }
        connect(widget, "state-flags-changed", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
