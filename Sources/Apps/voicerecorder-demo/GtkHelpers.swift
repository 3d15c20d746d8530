import CGtk
import Foundation

/// Connecting the demo's own widgets' signals to Swift closures: each closure is boxed, retained by the connection
/// and released by GLib's destroy notify (C function pointers cannot capture, so each signal shape has a thunk).
enum Signals2 {
    /// A value carried through a C `gpointer`.
    final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private static func connect<Body>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: Body,
                                      thunk: GCallback) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        g_signal_connect_data(instance, signal, thunk, box, { data, _ in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }, GConnectFlags(rawValue: 0))
    }

    /// A signal that carries nothing but its emitter and returns nothing (a button's `clicked`).
    static func connectClicked(_ instance: UnsafeMutableRawPointer, signal: String = "clicked",
                               _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().value() }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkWindow::close-request`: the window is asked to close. The handler answers TRUE (handled): GTK does not
    /// destroy the window itself, the app does once its loop has ended (destroying it twice would touch freed memory).
    static func connectCloseRequest(_ window: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
        // The signal returns a gboolean: a handler declared void would leave whatever was in the return register.
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> gboolean
        let thunk: Thunk = { _, data in
            Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().value()
            return 1
        }
        connect(window, "close-request", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `notify::<property>`: a property of `instance` changed.
    static func connectNotify(_ instance: UnsafeMutableRawPointer, property: String, _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().value() }
        connect(instance, "notify::\(property)", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying two doubles (a drag's `drag-begin` and `drag-update`).
    static func connectPoint(_ instance: UnsafeMutableRawPointer, _ signal: String,
                             _ body: @escaping (Double, Double) -> Void) {
        typealias Thunk = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
        let thunk: Thunk = { _, x, y, data in
            Unmanaged<Box<(Double, Double) -> Void>>.fromOpaque(data!).takeUnretainedValue().value(x, y)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `GtkEventControllerKey::key-pressed`: the key value and the modifiers; returns whether it was handled.
    static func connectKeyPressed(_ instance: UnsafeMutableRawPointer,
                                  _ body: @escaping (UInt32, GdkModifierType) -> Bool) {
        typealias Thunk = @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean
        let thunk: Thunk = { _, keyval, _, state, data in
            Unmanaged<Box<(UInt32, GdkModifierType) -> Bool>>.fromOpaque(data!).takeUnretainedValue()
                .value(keyval, state) ? 1 : 0
        }
        connect(instance, "key-pressed", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Draws `area` with `body(cairo, width, height)`.
    static func setDrawFunction(_ area: UnsafeMutablePointer<GtkWidget>,
                                _ body: @escaping (OpaquePointer, Double, Double) -> Void) {
        typealias Body = (OpaquePointer, Double, Double) -> Void
        let box = Unmanaged.passRetained(Box<Body>(body)).toOpaque()
        gtk_drawing_area_set_draw_func(cast(area), { _, cr, width, height, data in
            guard let cr else { return }
            Unmanaged<Box<Body>>.fromOpaque(data!).takeUnretainedValue().value(cr, Double(width), Double(height))
        }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }
}

/// The demo's look beyond the theme: message bubbles and tabular digits (loaded once for the display).
enum DemoStyle {
    static let css = """
        .voice-bubble { background-color: alpha(#3584e4, 0.14); border-radius: 20px; padding: 6px 14px 6px 6px; }
        .voice-bubble:dir(rtl) { padding: 6px 6px 6px 14px; }
        .voice-bubble .play-button { padding: 0; min-width: 36px; min-height: 36px; border-radius: 18px;
          background: none; box-shadow: none; border: none; }
        .voice-bubble .time { font-feature-settings: "tnum"; font-size: smaller; opacity: 0.75; }
        .voice-bubble .error-text { color: #c01c28; font-size: smaller; }
        .message-list { background: none; }
        """

    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

/// A GTK instance pointer as a pointer to another GTK type (GTK's cast macros don't import).
func cast<T>(_ instance: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// A GTK instance pointer as an opaque GTK type (list boxes, scrolled windows, windows, entries).
func cast(_ instance: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer { OpaquePointer(instance) }

/// The `m:ss` text of a number of seconds (rounded down while counting up, so a position never runs ahead).
func clockText(_ seconds: Double) -> String {
    let whole = max(0, Int(seconds.isFinite ? seconds : 0))
    return String(format: "%d:%02d", whole / 60, whole % 60)
}
