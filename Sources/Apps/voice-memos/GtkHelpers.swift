import CAdwaita
import CGtk
import Foundation
import VoiceRecorderGTK

// Signal shapes and casts the app needs beyond `VoiceRecorderGTK.Signals` (which connects the no-argument, point,
// key, notify and draw shapes): a signal carrying one pointer, one carrying a string, and shortcut callbacks. Each
// closure is boxed, retained by its connection and released by GLib's destroy notify, as `Signals` does.

/// A closure carried through a C `gpointer`.
final class ClosureBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

enum AppSignals {
    private static func connect<Body>(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: Body,
        thunk: GCallback
    ) {
        let box = Unmanaged.passRetained(ClosureBox(body)).toOpaque()
        g_signal_connect_data(
            instance, signal, thunk, box,
            { data, _ in
                Unmanaged<AnyObject>.fromOpaque(data!).release()
            }, GConnectFlags(rawValue: 0))
    }

    /// A signal carrying one pointer besides the emitter: a list item factory's `setup`/`bind`/`unbind`/`teardown`
    /// (the `GtkListItem`), a `GSimpleAction`'s `activate` (the parameter, a `GVariant`, or NULL).
    static func connectPointer(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ body: @escaping (UnsafeMutableRawPointer?) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, argument, data in
            Unmanaged<ClosureBox<(UnsafeMutableRawPointer?) -> Void>>.fromOpaque(data!).takeUnretainedValue()
                .body(argument)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying one string besides the emitter: `AdwMessageDialog::response` (the response's id).
    static func connectString(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ body: @escaping (String) -> Void
    ) {
        typealias Thunk = @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void
        let thunk: Thunk = { _, text, data in
            Unmanaged<ClosureBox<(String) -> Void>>.fromOpaque(data!).takeUnretainedValue()
                .body(text.map { String(cString: $0) } ?? "")
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A signal carrying one integer besides the emitter: `GtkNativeDialog::response` (the response id).
    static func connectInt(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping (Int32) -> Void) {
        typealias Thunk = @convention(c) (gpointer?, gint, gpointer?) -> Void
        let thunk: Thunk = { _, value, data in
            Unmanaged<ClosureBox<(Int32) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(value)
        }
        connect(instance, signal, body, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    /// A shortcut action that runs `body`; `body` answers whether it handled the key (when it did not, the key goes
    /// on to the focused widget's parents, as if there were no shortcut).
    static func callbackAction(_ body: @escaping () -> Bool) -> OpaquePointer {
        let box = Unmanaged.passRetained(ClosureBox<() -> Bool>(body)).toOpaque()
        return gtk_callback_action_new(
            { _, _, data in
                Unmanaged<ClosureBox<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0
            }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }
}

/// A GTK instance pointer as a pointer to one of its parent or own types (GTK's cast macros don't import).
func cast<T>(_ instance: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// A GObject instance pointer as a pointer to another of its types: a parent class (`GtkApplication` for an
/// `AdwApplication`) or one whose struct Swift imports (GObject's cast macros don't import).
func upcast<T, U>(_ instance: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// An opaque GObject instance pointer as a pointer to one of its types whose struct Swift imports.
func upcast<T>(_ instance: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// Sets a string property of `object` (`g_object_set` is variadic and does not import).
func setStringProperty(_ object: UnsafeMutableRawPointer, _ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, vr_g_type_string())
    defer { g_value_unset(&value) }
    g_value_set_string(&value, text)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
}

/// A GTK instance pointer as an opaque GTK type (a final type, whose struct Swift imports opaquely: entries,
/// labels, list views…).
func cast(_ instance: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer { OpaquePointer(instance) }

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Adds each CSS class in `names` to the widget.
    func addClasses(_ names: String...) { for name in names { gtk_widget_add_css_class(self, name) } }

    /// Whether the keyboard focus of the widget's window is on it or inside it.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(self), let focus = gtk_root_get_focus(root) else { return false }
        return focus == self || gtk_widget_is_ancestor(focus, self) != 0
    }
}

/// A button showing a symbolic icon, with a tooltip and the same text as its accessible name (an icon alone is
/// read as nothing).
func iconButton(_ icon: String, _ name: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_from_icon_name(icon)!
    gtk_widget_set_tooltip_text(button, name)
    GValues.setAccessibleLabel(button, name)
    return button
}

/// A widget's point (`x`, `y` in its own coordinates) in X window coordinates: the window's coordinates moved by
/// the surface transform (the client-side decoration's shadow margin), which is what `xdotool mousemove --window`
/// takes. Nil while the widget is not laid out in `window`.
func windowPoint(
    _ widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>,
    x: Double, y: Double
) -> (x: Double, y: Double)? {
    var point = graphene_point_t(x: Float(x), y: Float(y))
    var out = graphene_point_t()
    guard gtk_widget_get_mapped(widget) != 0, gtk_widget_compute_point(widget, window, &point, &out) != 0
    else { return nil }
    var dx = 0.0
    var dy = 0.0
    if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
    return (Double(out.x) + dx, Double(out.y) + dy)
}

/// The centre of `widget` in X window coordinates (see `windowPoint`).
func windowCenter(
    _ widget: UnsafeMutablePointer<GtkWidget>,
    in window: UnsafeMutablePointer<GtkWidget>
) -> (x: Double, y: Double)? {
    windowPoint(
        widget, in: window, x: Double(gtk_widget_get_width(widget)) / 2,
        y: Double(gtk_widget_get_height(widget)) / 2)
}
