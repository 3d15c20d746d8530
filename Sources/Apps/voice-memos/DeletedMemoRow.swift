import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// One memo in Recently Deleted (SPEC B.6): its title, when it was deleted and how many of its 30 days are left,
/// and Restore and Delete Forever (which asks first: `confirmDeleteForever`).
final class DeletedMemoRow: ListRow {
    /// The row's description (Interface/deleted-memo-row.ui), kept with the row: its builder holds the parts.
    private let interface = BuiltInterface(PackageResources.deleted_memo_row_ui)
    let widget: UnsafeMutablePointer<GtkWidget>
    private(set) var memoID: UUID?
    var listItem: OpaquePointer?
    var lastGeometry: JSONValue?

    let restoreButton: Button
    let deleteButton: Button
    private let titleLabel: Label
    private let detailLabel: Label
    private let context: RowContext
    private let confirmDeleteForever: (UUID, String) -> Void
    private var itemLabel = ""

    init(context: RowContext, confirmDeleteForever: @escaping (UUID, String) -> Void) {
        self.context = context
        self.confirmDeleteForever = confirmDeleteForever
        widget = interface.widget("row")
        titleLabel = interface.label("title")
        detailLabel = interface.label("detail")
        restoreButton = interface.button("restore")
        deleteButton = interface.button("delete")
        connect()
    }

    private func connect() {
        restoreButton.onClicked { [weak self] in
            guard let self, let id = memoID else { return }
            context.model.send(.restore(id))
        }
        deleteButton.onClicked { [weak self] in
            guard let self, let id = memoID, let memo = context.model.state.memo(id) else { return }
            confirmDeleteForever(id, context.texts.title(of: memo))
        }
    }

    func bind(_ id: UUID) {
        memoID = id
        lastGeometry = nil
    }

    func unbind() {
        memoID = nil
        lastGeometry = nil
    }

    func render(_ memo: Memo, in state: MemosState) {
        let title = context.texts.title(of: memo)
        titleLabel.text = title
        detailLabel.text = context.texts.deletedLine(of: memo, now: context.model.dependencies.date())
        GValues.setAccessibleLabel(restoreButton.widget, tr("Restore {title}").filling(["title": title]))
        GValues.setAccessibleLabel(deleteButton.widget, tr("Delete {title} forever").filling(["title": title]))
        let label = context.texts.deletedAccessibleLabel(of: memo)
        if label != itemLabel, let item = gtk_widget_get_parent(widget) {
            itemLabel = label
            GValues.setAccessibleLabel(item, label)
        }
    }

    func geometry(in window: UnsafeMutablePointer<GtkWidget>) -> [(String, JSONValue)]? {
        guard let restore = windowCenter(restoreButton.widget, in: window),
            let forever = windowCenter(deleteButton.widget, in: window)
        else { return nil }
        return [("restore", point(restore)), ("deleteForever", point(forever))]
    }

    var anchor: UnsafeMutablePointer<GtkWidget> { restoreButton.widget }

    // Keys act on the memo rows only; Recently Deleted has its buttons.
    func togglePlay() {}
    func rename() {}
    func delete() {}
}
