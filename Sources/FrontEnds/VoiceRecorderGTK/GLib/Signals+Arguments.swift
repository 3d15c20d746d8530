import CGtk

// The signal shapes that carry one argument besides the emitter, and shortcut callbacks: for apps that build lists,
// actions and dialogs on these (the Voice Memos app). Each closure is boxed as `Signals` does.
extension Signals {
    /// A signal carrying one pointer besides the emitter: a list item factory's `setup`/`bind`/`unbind`/`teardown`
    /// (the `GtkListItem`), a `GSimpleAction`'s `activate` (the parameter, a `GVariant`, or NULL).
    public static func connectPointer(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ body: @escaping (UnsafeMutableRawPointer?) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, argument, data in
            Unmanaged<Box<(UnsafeMutableRawPointer?) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(argument)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying one string besides the emitter: `AdwMessageDialog::response` (the response's id).
    public static func connectString(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ body: @escaping (String) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void
        let thunk: Thunk = { _, text, data in
            Unmanaged<Box<(String) -> Void>>.fromOpaque(data!).takeUnretainedValue()
                .body(text.map { String(cString: $0) } ?? "")
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying one integer besides the emitter: `GtkNativeDialog::response` (the response id).
    public static func connectInt(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Int32) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, gint, gpointer?) -> Void
        let thunk: Thunk = { _, value, data in
            Unmanaged<Box<(Int32) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(value)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying two integers besides the emitter: `GtkDrawingArea::resize` (the new width and height).
    public static func connectSize(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Int32, Int32) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, gint, gint, gpointer?) -> Void
        let thunk: Thunk = { _, width, height, data in
            Unmanaged<Box<(Int32, Int32) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(width, height)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A shortcut action that runs `body`; `body` answers whether it handled the key (when it did not, the key goes
    /// on to the focused widget's parents, as if there were no shortcut).
    public static func callbackAction(_ body: @escaping () -> Bool) -> OpaquePointer {
        let box = Unmanaged.passRetained(Box<() -> Bool>(body)).toOpaque()
        return gtk_callback_action_new(
            { _, _, data in
                Unmanaged<Box<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0
            }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }
}

extension Signals {
    /// `GtkEventControllerScroll::scroll`: the deltas (notches for a wheel, px for a touchpad); `body` answers
    /// whether it handled the event (which stops it there).
    public static func connectScroll(
        _ controller: UnsafeMutableRawPointer, _ body: @escaping (Double, Double) -> Bool
    ) {
        typealias Thunk = @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean
        let thunk: Thunk = { _, dx, dy, data in
            Unmanaged<Box<(Double, Double) -> Bool>>.fromOpaque(data!).takeUnretainedValue().body(dx, dy) ? 1 : 0
        }
        connect(controller, "scroll", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkGestureClick::pressed` and `released`: the number of presses and where (x, y).
    public static func connectClick(
        _ gesture: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Int32, Double, Double) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void
        let thunk: Thunk = { _, presses, x, y, data in
            Unmanaged<Box<(Int32, Double, Double) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(presses, x, y)
        }
        connect(gesture, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkEventControllerLegacy::event`: every event the widget gets (a `GdkEvent`); `body` answers whether it
    /// handled the event (which stops it there).
    public static func connectEvent(_ controller: UnsafeMutableRawPointer, _ body: @escaping (OpaquePointer?) -> Bool) {
        typealias Thunk = @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, event, data in
            Unmanaged<Box<(OpaquePointer?) -> Bool>>.fromOpaque(data!).takeUnretainedValue().body(event) ? 1 : 0
        }
        connect(controller, "event", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
