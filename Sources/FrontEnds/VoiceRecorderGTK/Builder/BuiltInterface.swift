import CGtk
import VoiceRecorderCore

/// A part of an app's interface described in a GtkBuilder file (`.ui`: the form GNOME apps keep theirs in and
/// translation tools read), built by GTK: its `translatable` texts come in the person's language (the package's
/// gettext domain), and its objects are found by their ids as the types the code uses.
///
/// The descriptions are embedded in the program (SwiftPM's `.embedInCode` resources, as GNOME apps compile theirs into
/// a GResource), so a program run from the build directory and one installed in `/usr` build the same interface and
/// none can be missing. The objects belong to the builder while it lives: keep the `BuiltInterface` as long as its
/// objects are used (a window that is shown is held by GTK as well).
public final class BuiltInterface {
    private let builder: OpaquePointer

    /// Builds `description`, a `.ui` file's bytes. A description is part of the program, not its input: one GTK
    /// cannot build is a defect of the program, which stops here with GTK's reason (every description is built by
    /// the apps' end-to-end tests).
    ///
    /// With `only`, just those objects are built (and what they refer to): a description of several dialogs builds
    /// the one about to be shown, not every window in it. (GTK 4.8 leaves `<menu>`s out of such a build: a
    /// description of menus is built whole.)
    public init(_ description: [UInt8], only ids: [String]? = nil) {
        builder = gtk_builder_new()
        gtk_builder_set_translation_domain(builder, Localization.domain)
        var error: UnsafeMutablePointer<GError>?
        let built = description.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                guard let ids else {
                    return gtk_builder_add_from_string(builder, text.baseAddress, gssize(text.count), &error)
                }
                return withCStrings(ids) { list in
                    gtk_builder_add_objects_from_string(builder, text.baseAddress, gssize(text.count), list, &error)
                }
            }
        }
        guard built != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no reason given"
            preconditionFailure("an interface description GTK cannot build: \(reason)")
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(builder)) }

    /// The object `id` names, as a GObject. A missing id is a defect of the program (the code and its description
    /// disagree), and stops it naming the id.
    public func object(_ id: String) -> UnsafeMutablePointer<GObject> {
        guard let object = gtk_builder_get_object(builder, id) else {
            preconditionFailure("the interface description has no object '\(id)'")
        }
        return object
    }

    /// The widget `id` names.
    public func widget(_ id: String) -> UnsafeMutablePointer<GtkWidget> { widget(id, of: gtk_widget_get_type()) }

    /// The button `id` names.
    public func button(_ id: String) -> Button { Button(widget(id, of: gtk_button_get_type())) }

    /// The label `id` names.
    public func label(_ id: String) -> Label { Label(widget(id, of: gtk_label_get_type())) }

    /// The text field (entry, search entry) `id` names.
    public func textField(_ id: String) -> TextField { TextField(widget(id, of: gtk_editable_get_type())) }

    /// The stack `id` names.
    public func stack(_ id: String) -> Stack { Stack(widget(id, of: gtk_stack_get_type())) }

    /// The box `id` names.
    public func box(_ id: String) -> Box { Box(widget(id, of: gtk_box_get_type())) }

    /// The search bar `id` names.
    public func searchBar(_ id: String) -> SearchBar { SearchBar(widget(id, of: gtk_search_bar_get_type())) }

    /// The window `id` names.
    public func window(_ id: String) -> Window { Window(widget(id, of: gtk_window_get_type())) }

    /// The object `id` names, which must be a `type`: the code and its description disagreeing on what an object
    /// is is a defect of the program too, and stops it naming both types.
    private func widget(_ id: String, of type: GType) -> UnsafeMutablePointer<GtkWidget> {
        let object = object(id)
        let instance = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, type) != 0 else {
            let actual = String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
            preconditionFailure(
                "'\(id)' in the interface description is a \(actual), not a \(String(cString: g_type_name(type)))")
        }
        return upcast(object)
    }

    /// The menu `id` names (a `<menu>`: a `GMenu`, which code may add sections to).
    public func menu(_ id: String) -> OpaquePointer { OpaquePointer(object(id)) }
}
