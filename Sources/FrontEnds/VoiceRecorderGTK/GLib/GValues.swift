import CGtk

/// Reading GObject properties and setting accessible attributes through `GValue`s: `g_object_get` and
/// `gtk_accessible_update_property` are variadic and do not import, their `GValue` forms do.
public enum GValues {
    // G_TYPE_BOOLEAN, G_TYPE_INT and G_TYPE_STRING are macros that do not import: the shim returns them.
    static var booleanType: GType { vr_g_type_boolean() }
    static var intType: GType { vr_g_type_int() }
    static var stringType: GType { vr_g_type_string() }

    /// A boolean property of `object`.
    static func bool(_ object: UnsafeMutableRawPointer, _ name: String) -> Bool {
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// Sets a boolean property of `object` (a `GtkSettings` preference, say: `g_object_set` does not import).
    public static func setBool(_ object: UnsafeMutableRawPointer, _ name: String, _ newValue: Bool) {
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, newValue ? 1 : 0)
        g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
    }

    /// Gives `widget` another accessible role — possible only until its accessible is first made (GTK warns after),
    /// so for widgets GTK makes itself, as a grid view's items, right after they are made.
    public static func setAccessibleRole(_ widget: UnsafeMutablePointer<GtkWidget>, _ role: GtkAccessibleRole) {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        defer { g_value_unset(&value) }
        g_value_set_enum(&value, gint(role.rawValue))
        g_object_set_property(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), "accessible-role", &value)
    }

    /// An integer property of `object`.
    static func int(_ object: UnsafeMutableRawPointer, _ name: String) -> Int {
        var value = GValue()
        g_value_init(&value, intType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return Int(g_value_get_int(&value))
    }

    /// A string property of `object` (nil when unset).
    static func string(_ object: UnsafeMutableRawPointer, _ name: String) -> String? {
        var value = GValue()
        g_value_init(&value, stringType)
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    /// Sets the accessible label of `widget` (a convenience for apps' own widgets, e.g. a play button).
    public static func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        setAccessible(widget, [(GTK_ACCESSIBLE_PROPERTY_LABEL, label)])
    }

    /// Hides `widget` from screen readers (the accessible state "hidden"): GTK 4.8 leaves it out of the AT-SPI
    /// tree. For decoration (a drawing surface whose content other elements describe) and a widget's inner parts.
    public static func setAccessibleHidden(_ widget: UnsafeMutablePointer<GtkWidget>, _ hidden: Bool = true) {
        var value = GValue()
        g_value_init(&value, booleanType)
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, hidden ? 1 : 0)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(OpaquePointer(widget), 1, &state, &value)
    }

    /// A new widget of `type` (`gtk_overlay_get_type()`, say) with the accessible role `role`: the role is a
    /// construct-only property, so it is given to `g_object_new` (variadic, not imported: its `GValue` form is).
    /// `GTK_ACCESSIBLE_ROLE_GENERIC` makes a layout container nameless (unnamed, most roles read as the class name).
    public static func newWidget(_ type: GType, accessibleRole role: GtkAccessibleRole) -> UnsafeMutablePointer<
        GtkWidget
    > {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        defer { g_value_unset(&value) }
        g_value_set_enum(&value, gint(role.rawValue))
        let object = "accessible-role".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(type, 1, &names, &value)
        }
        // A widget type's new instance is a GtkWidget (floating, as from its gtk_…_new()).
        return UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GtkWidget.self)
    }

    /// Sets string accessible properties (label, description, value text) of `widget`; nil resets one.
    public static func setAccessible(
        _ widget: UnsafeMutablePointer<GtkWidget>,
        _ properties: [(GtkAccessibleProperty, String?)]
    ) {
        let accessible = OpaquePointer(widget)
        for (property, text) in properties {
            guard let text else {
                gtk_accessible_reset_property(accessible, property)
                continue
            }
            var value = GValue()
            g_value_init(&value, stringType)
            g_value_set_string(&value, text)
            var name = property
            gtk_accessible_update_property_value(accessible, 1, &name, &value)
            g_value_unset(&value)
        }
    }

    /// Sets number accessible properties (a slider's value, minimum and maximum) of `widget`.
    public static func setAccessibleNumbers(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ properties: [(GtkAccessibleProperty, Double)]
    ) {
        for (property, number) in properties {
            var value = GValue()
            g_value_init(&value, vr_g_type_double())
            g_value_set_double(&value, number)
            var name = property
            gtk_accessible_update_property_value(OpaquePointer(widget), 1, &name, &value)
            g_value_unset(&value)
        }
    }
}
