import CAdwaita
import CGtk
import Foundation
import VoiceRecorderGTK

// Small widget helpers the app shares (casts and signals are VoiceRecorderGTK's: `cast`, `upcast`, `Signals`).

/// Sets a string property of `object` (`g_object_set` is variadic and does not import).
func setStringProperty(_ object: UnsafeMutableRawPointer, _ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, vr_g_type_string())
    defer { g_value_unset(&value) }
    g_value_set_string(&value, text)
    g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Adds each CSS class in `names` to the widget.
    func addClasses(_ names: String...) { for name in names { gtk_widget_add_css_class(self, name) } }

    /// Whether the keyboard focus of the widget's window is on it or inside it.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(self), let focus = gtk_root_get_focus(root) else { return false }
        return focus == self || gtk_widget_is_ancestor(focus, self) != 0
    }
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
