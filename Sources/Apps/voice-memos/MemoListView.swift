import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorderGTK
import VoiceRecorderJSON

/// A row a `MemoListView` makes on demand and binds to one memo id at a time.
protocol ListRow: AnyObject {
    /// The row's widget, the list item's child.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// The memo it shows now (nil while unbound).
    var memoID: UUID? { get }
    /// Its list item, which knows the row's position.
    var listItem: OpaquePointer? { get set }
    /// The geometry last reported in a `row` line (nil: not reported since it was bound).
    var lastGeometry: JSONValue? { get set }
    /// The part whose centre says whether the row can be clicked (inside the list's visible part).
    var anchor: UnsafeMutablePointer<GtkWidget> { get }
    /// Shows memo `id` (drawn at once with `render`).
    func bind(_ id: UUID)
    func unbind()
    /// Draws its memo, `memo`, as `state` has it.
    func render(_ memo: Memo, in state: MemosState)
    /// Where its parts are in X window coordinates, for the `row` line.
    func geometry(in window: UnsafeMutablePointer<GtkWidget>) -> [(String, JSONValue)]?
    // The keys of SPEC B.10, acting on the row's memo.
    func togglePlay()
    func rename()
    func delete()
}

/// A list of memos (SPEC B.10: rows are made on demand, so 10,000 memos scroll smoothly): its list model
/// is a `GtkStringList` of memo ids, changed by one splice per update (`ListSplice`), and its factory makes rows
/// that bind to an id and draw that memo from the model's state. Only the rows on screen (and a few beyond) exist.
final class MemoListView<Row: ListRow> {
    /// The scrolled list, to pack into a page.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The list view itself.
    let listView: UnsafeMutablePointer<GtkWidget>
    /// What the `row` lines call this list: "memos" or "recentlyDeleted".
    let name: String
    private let strings: OpaquePointer
    private var ids: [UUID] = []
    private var rows: [OpaquePointer: Row] = [:]
    /// The items whose widget was made a list item for screen readers.
    private var relabelled: Set<OpaquePointer> = []
    private var state = MemosState()
    /// Where each memo is in `state.memos`, made again only when the memos change (not when a position moves): a
    /// row being bound finds its memo at once, however many there are. Places, not copies of the memos: at 10,000
    /// memos a copy of each in both lists' tables was 5.5 MiB (heaptrack, 5 December 2026).
    private var memoIndex: [UUID: Int] = [:]
    private var indexedMemos: [Memo] = []
    private let makeRow: () -> Row

    init(name: String, accessibleName: String, makeRow: @escaping () -> Row) {
        self.name = name
        self.makeRow = makeRow
        strings = gtk_string_list_new(nil)
        let factory = gtk_signal_list_item_factory_new()!
        // The selection model takes the string list, and the view the selection model and the factory.
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(strings))!))
        // A one-column grid view, not a list view: GTK 4.8's list view keeps 200 rows alive whatever its height, and
        // lays every one out on each frame of a scroll (17 ms a frame at 10,000 memos); a grid view keeps about 33
        // (7 ms). Screen readers still meet a list of items.
        listView = GValues.newWidget(gtk_grid_view_get_type(), accessibleRole: GTK_ACCESSIBLE_ROLE_LIST)
        gtk_grid_view_set_max_columns(OpaquePointer(listView), 1)
        gtk_grid_view_set_model(OpaquePointer(listView), selection)
        gtk_grid_view_set_factory(OpaquePointer(listView), factory)
        g_object_unref(UnsafeMutableRawPointer(selection))
        g_object_unref(UnsafeMutableRawPointer(factory))
        widget = gtk_scrolled_window_new()
        connectFactory(UnsafeMutableRawPointer(factory))
        build(accessibleName: accessibleName)
    }

    private func build(accessibleName: String) {
        listView.addClasses("memo-list")
        GValues.setAccessibleLabel(listView, accessibleName)
        // Wide windows keep the list a readable width, as GNOME's apps do; the scroll bar stays at the edge.
        // Nameless to screen readers: as a plain widget it would be read as "AdwClampScrollable".
        let clamp = GValues.newWidget(adw_clamp_scrollable_get_type(), accessibleRole: GTK_ACCESSIBLE_ROLE_GENERIC)
        adw_clamp_scrollable_set_maximum_size(OpaquePointer(clamp), 760)
        adw_clamp_scrollable_set_child(OpaquePointer(clamp), listView)
        gtk_scrolled_window_set_policy(cast(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(widget), clamp)
        gtk_widget_set_vexpand(widget, 1)
        // GTK's list views run away under a fast wheel (see WheelNotches): one move a frame.
        FrameScrolling.install(on: widget)
        // Unnamed, each scroll bar and the range inside it would be read by class ("GtkScrollbar", "GtkRange"):
        // the vertical one is named after the list; the horizontal one never shows, and the range is the bar's
        // inner part, so both are hidden.
        if let vertical = gtk_scrolled_window_get_vscrollbar(cast(widget)) {
            GValues.setAccessibleLabel(vertical, accessibleName)
            if let range = gtk_widget_get_first_child(vertical) { GValues.setAccessibleHidden(range) }
        }
        if let horizontal = gtk_scrolled_window_get_hscrollbar(cast(widget)) { GValues.setAccessibleHidden(horizontal) }
    }

    private func connectFactory(_ factory: UnsafeMutableRawPointer) {
        Signals.connectPointer(factory, "setup") { [weak self] item in
            guard let self, let item = item.map(OpaquePointer.init) else { return }
            let row = makeRow()
            row.listItem = item
            // A click on a row is for its buttons and fields: the row itself neither activates nor selects.
            gtk_list_item_set_activatable(item, 0)
            gtk_list_item_set_selectable(item, 0)
            gtk_list_item_set_child(item, row.widget)
            rows[item] = row
        }
        Signals.connectPointer(factory, "bind") { [weak self] item in
            guard let self, let item = item.map(OpaquePointer.init), let row = rows[item],
                let object = gtk_list_item_get_item(item),
                let text = gtk_string_object_get_string(OpaquePointer(object)),
                let id = UUID(uuidString: String(cString: text))
            else { return }
            // A grid view's items are grid cells to screen readers; in a one-column list they are list items. Given
            // at the first bind: by then the item holds the row, and its accessible is not made yet.
            if !relabelled.contains(item), let itemWidget = gtk_widget_get_parent(row.widget) {
                relabelled.insert(item)
                GValues.setAccessibleRole(itemWidget, GTK_ACCESSIBLE_ROLE_LIST_ITEM)
            }
            row.bind(id)
            draw(row)
        }
        Signals.connectPointer(factory, "unbind") { [weak self] item in
            guard let self, let item = item.map(OpaquePointer.init) else { return }
            rows[item]?.unbind()
        }
        Signals.connectPointer(factory, "teardown") { [weak self] item in
            guard let self, let item = item.map(OpaquePointer.init) else { return }
            rows.removeValue(forKey: item)
            relabelled.remove(item)
        }
    }

    /// How many memos the list holds.
    var count: Int { ids.count }

    /// Shows `memos` in this order, each row drawn from `state`.
    func show(_ memos: [Memo], state: MemosState) {
        self.state = state
        // Array equality is immediate while the storage is the same (a position moved, nothing else).
        if state.memos != indexedMemos {
            indexedMemos = state.memos
            memoIndex = Dictionary(
                state.memos.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        if memos != shownMemos {
            shownMemos = memos
            splice(to: memos.map(\.id))
        }
        for row in rows.values where row.memoID != nil { draw(row) }
    }

    private var shownMemos: [Memo] = []

    private func draw(_ row: Row) {
        guard let id = row.memoID, let index = memoIndex[id], state.memos.indices.contains(index) else { return }
        row.render(state.memos[index], in: state)
    }

    private func splice(to ids: [UUID]) {
        if let splice = ListSplice(from: self.ids, to: ids) {
            self.ids = ids
            let additions = splice.additions.map { strdup($0.uuidString) } + [nil]
            defer { additions.forEach { free($0) } }
            additions.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_string_list_splice(strings, guint(splice.position), guint(splice.removals), $0)
                }
            }
        }
    }

    /// The bound row holding the keyboard focus (the row itself, or one of its parts), if any.
    func focusedRow() -> Row? {
        guard let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root),
            gtk_widget_is_ancestor(focus, listView) != 0
        else { return nil }
        let byWidget = Dictionary(
            rows.values.filter { $0.memoID != nil }.map { (UnsafeMutableRawPointer($0.widget), $0) },
            uniquingKeysWith: { first, _ in first })
        // The focus on the list item itself (arrow keys move it there): its child is the row.
        if let child = gtk_widget_get_first_child(focus), let row = byWidget[UnsafeMutableRawPointer(child)] {
            return row
        }
        var widget: UnsafeMutablePointer<GtkWidget>? = focus
        while let current = widget, current != listView {
            if let row = byWidget[UnsafeMutableRawPointer(current)] { return row }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    /// The `row` lines for rows laid out anew or moved since they were last reported.
    func geometryLines(in window: UnsafeMutablePointer<GtkWidget>) -> [JSONValue] {
        var lines: [JSONValue] = []
        let viewportHeight = Double(gtk_widget_get_height(widget))
        for row in rows.values {
            guard let id = row.memoID, let item = row.listItem, let fields = row.geometry(in: window) else { continue }
            var anchor = graphene_point_t(
                x: Float(gtk_widget_get_width(row.anchor)) / 2,
                y: Float(gtk_widget_get_height(row.anchor)) / 2)
            var inList = graphene_point_t()
            let visible =
                gtk_widget_compute_point(row.anchor, widget, &anchor, &inList) != 0
                && Double(inList.y) >= 0 && Double(inList.y) <= viewportHeight
            let line = JSONValue.object(
                [
                    ("event", "row"), ("list", .string(name)), ("id", .string(id.uuidString)),
                    ("index", .integer(Int(gtk_list_item_get_position(item)))),
                ] + fields + [("visible", .bool(visible))])
            guard line != row.lastGeometry else { continue }
            row.lastGeometry = line
            lines.append(line)
        }
        return lines.sorted { index(of: $0) < index(of: $1) }
    }

    private func index(of line: JSONValue) -> Int {
        guard case .object(let fields) = line, case .integer(let index)? = fields.first(where: { $0.0 == "index" })?.1
        else { return 0 }
        return index
    }

    /// Scrolls back to the top (a memo just recorded is there).
    func scrollToTop() {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(cast(widget)) else { return }
        gtk_adjustment_set_value(adjustment, 0)
    }
}
