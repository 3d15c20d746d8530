import CGtk

// The widgets the apps' code reaches, typed: what a `BuiltInterface` hands out by id, each a thin view of a GTK
// pointer (no ownership: the interface or the widget tree holds the widget) with the few properties and signals the
// apps use, so their code reads `title.text = …` and `save.onClicked { … }` rather than C calls through casts.

/// Any widget.
public protocol WidgetView {
    /// The GTK widget.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
}

extension WidgetView {
    /// Whether it is shown.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        nonmutating set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether it takes input (an insensitive widget is greyed out).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Its tooltip.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        nonmutating set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// Puts the keyboard focus on it.
    public func grabFocus() { gtk_widget_grab_focus(widget) }
}

/// A plain widget (a box, an overlay, a page): placed, shown, focused.
public struct Widget: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
}

/// A `GtkButton` (or a toggle button, which is one).
public struct Button: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// Its text.
    public var label: String? {
        get { gtk_button_get_label(cast(widget)).map { String(cString: $0) } }
        nonmutating set { gtk_button_set_label(cast(widget), newValue) }
    }

    /// Its symbolic icon's name.
    public var iconName: String? {
        get { gtk_button_get_icon_name(cast(widget)).map { String(cString: $0) } }
        nonmutating set { gtk_button_set_icon_name(cast(widget), newValue) }
    }

    /// Runs `body` on each click (`clicked`).
    public func onClicked(_ body: @escaping () -> Void) {
        Signals.connect(UnsafeMutableRawPointer(widget), "clicked", body)
    }
}

/// A `GtkLabel`.
public struct Label: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// Its text, shown as it is (no markup).
    public var text: String {
        get { String(cString: gtk_label_get_text(cast(widget))) }
        nonmutating set { gtk_label_set_text(cast(widget), newValue) }
    }
}

/// A text field (`GtkEditable`: an entry, a search entry).
public struct TextField: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// What is typed in it.
    public var text: String {
        get { String(cString: gtk_editable_get_text(cast(widget))) }
        nonmutating set { gtk_editable_set_text(cast(widget), newValue) }
    }

    /// Puts the cursor after the last character.
    public func moveCursorToEnd() { gtk_editable_set_position(cast(widget), -1) }

    /// Selects the text from character `start` to `end` (-1: to the end).
    public func select(from start: Int32 = 0, to end: Int32 = -1) {
        gtk_editable_select_region(cast(widget), start, end)
    }

    /// Runs `body` after each change of its text (`changed`), typed or set.
    public func onChanged(_ body: @escaping () -> Void) {
        Signals.connect(UnsafeMutableRawPointer(widget), "changed", body)
    }
}

/// A `GtkStack`: one named child shown at a time.
public struct Stack: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// The name of the child shown.
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(cast(widget)).map { String(cString: $0) } }
        nonmutating set { gtk_stack_set_visible_child_name(cast(widget), newValue) }
    }

    /// Shows the child `name` and hides the others from screen readers as well: GTK 4.8 leaves a stack's unseen
    /// children in the accessible tree ("No Memos Yet" read beside the list of memos).
    public func showOnly(_ name: String) {
        gtk_stack_set_visible_child_name(cast(widget), name)
        let visible = gtk_stack_get_visible_child(cast(widget))
        var child = gtk_widget_get_first_child(widget)
        while let view = child {
            GValues.setAccessibleHidden(view, view != visible)
            child = gtk_widget_get_next_sibling(view)
        }
    }

    /// Adds `child` as the page `name`.
    public func add(_ child: UnsafeMutablePointer<GtkWidget>, named name: String) {
        gtk_stack_add_named(cast(widget), child, name)
    }
}

/// A `GtkBox`: children in a row or a column.
public struct Box: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// Adds `child` at the end.
    public func append(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_append(cast(widget), child) }

    /// Adds `child` at the start.
    public func prepend(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_prepend(cast(widget), child) }

    /// Adds `child` right after `sibling`.
    public func insert(_ child: UnsafeMutablePointer<GtkWidget>, after sibling: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_insert_child_after(cast(widget), child, sibling)
    }
}

/// A `GtkWindow` (a dialog, an app's window).
public struct Window: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// Its title, which the desktop shows and names it by.
    public var title: String? {
        get { gtk_window_get_title(cast(widget)).map { String(cString: $0) } }
        nonmutating set { gtk_window_set_title(cast(widget), newValue) }
    }

    /// Makes it belong to `parent` (kept above it, centred on it) and, when `modal`, the only one taking input.
    public func belong(to parent: UnsafeMutablePointer<GtkWidget>, modal: Bool = false) {
        gtk_window_set_transient_for(cast(widget), cast(parent))
        if modal { gtk_window_set_modal(cast(widget), 1) }
    }

    /// Shows it and raises it.
    public func present() { gtk_window_present(cast(widget)) }

    /// Closes and frees it.
    public func destroy() { gtk_window_destroy(cast(widget)) }

    /// Runs `body` instead of closing when someone asks to close it (its close button, Alt+F4): `body` hides or
    /// destroys it.
    public func onCloseRequest(_ body: @escaping () -> Void) {
        Signals.connectCloseRequest(UnsafeMutableRawPointer(widget), body)
    }
}

/// A `GtkSearchBar`: a search field that slides open.
public struct SearchBar: WidgetView {
    public let widget: UnsafeMutablePointer<GtkWidget>
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }

    /// Whether it is open.
    public var isSearching: Bool {
        get { gtk_search_bar_get_search_mode(cast(widget)) != 0 }
        nonmutating set { gtk_search_bar_set_search_mode(cast(widget), newValue ? 1 : 0) }
    }

    /// Makes `field` its field (Escape in it closes the bar, and so on).
    public func connect(_ field: TextField) { gtk_search_bar_connect_entry(cast(widget), cast(field.widget)) }

    /// Opens it and hands it the keys typed in `window` outside a text field; nil: no more.
    public func captureKeys(from window: UnsafeMutablePointer<GtkWidget>?) {
        gtk_search_bar_set_key_capture_widget(cast(widget), window)
    }
}
