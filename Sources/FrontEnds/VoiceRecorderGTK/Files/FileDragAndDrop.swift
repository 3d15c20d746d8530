import CGtk
import Foundation

/// Files dragged out of a widget and dropped on one, GTK's way (`GtkDragSource`, `GtkDropTarget`), wrapped once: the
/// app hands over and receives plain file URLs. Between apps GTK carries them as `text/uri-list`, which file managers,
/// chat apps and browsers read and write.
public enum FileDragAndDrop {
    /// Lets files be dropped on `widget` (a copy, never a move: the dropped files stay where they are): `body` gets
    /// the local ones, in the order given. Files with no local path (a phone's, a network share's without a mount)
    /// are not handed over.
    public static func acceptFiles(on widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping ([URL]) -> Void) {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        typealias Thunk = @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean
        let thunk: Thunk = { _, value, _, _, data in
            guard let value, let list = g_value_get_boxed(value) else { return 0 }
            var urls: [URL] = []
            // A new list of the files (which the GdkFileList keeps): walked once, then freed.
            let files = gdk_file_list_get_files(OpaquePointer(list))
            defer { g_slist_free(files) }
            var node = files
            while let item = node {
                if let path = g_file_get_path(OpaquePointer(item.pointee.data)) {
                    urls.append(URL(fileURLWithPath: String(cString: path)))
                    g_free(path)
                }
                node = item.pointee.next
            }
            Unmanaged<Signals.Box<([URL]) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(urls)
            return 1
        }
        Signals.connect(UnsafeMutableRawPointer(target), "drop", body, thunk: unsafeBitCast(thunk, to: GCallback.self))
        gtk_widget_add_controller(widget, target)
    }

    /// Lets `widget` be dragged out as a file: when a drag starts on it, `file` says which (nil: no drag, as for a
    /// memo whose file is missing). The drag's icon is the widget as it looks. A press that a child claims (an entry's
    /// text selection, a scrubber) stays the child's.
    public static func offerFile(from widget: UnsafeMutablePointer<GtkWidget>, _ file: @escaping () -> URL?) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        typealias Prepare =
            @convention(c) (gpointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>?
        let prepare: Prepare = { _, _, _, data in
            guard let url = Unmanaged<Signals.Box<() -> URL?>>.fromOpaque(data!).takeUnretainedValue().body(),
                let gfile = g_file_new_for_path(url.path)
            else { return nil }
            var value = GValue()
            g_value_init(&value, g_file_get_type())
            g_value_take_object(&value, UnsafeMutableRawPointer(gfile))
            defer { g_value_unset(&value) }
            return gdk_content_provider_new_for_value(&value)
        }
        Signals.connect(
            UnsafeMutableRawPointer(source), "prepare", file, thunk: unsafeBitCast(prepare, to: GCallback.self))
        Signals.connectPointer(UnsafeMutableRawPointer(source), "drag-begin") { [widget] _ in
            // The widget as it looks now, under the pointer where it was pressed.
            let paintable = gtk_widget_paintable_new(widget)
            gtk_drag_source_set_icon(source, paintable, 0, 0)
            g_object_unref(paintable.map { UnsafeMutableRawPointer($0) })
        }
        gtk_widget_add_controller(widget, source)
    }
}
