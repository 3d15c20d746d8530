import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK

/// A row's menu (Rename, Edit…, Revert to Original, Enhance Recording, Show Transcript, Copy Transcript, Export…,
/// Delete) and what its items and keys do: each becomes one of the model's actions.
extension MemoRow {
    /// One menu for every row (Interface/menus.ui): its items act on the row they are opened from ("row.rename", …).
    /// Its description is kept for the app's life, and with it the menu.
    nonisolated(unsafe) private static let menus = BuiltInterface(PackageResources.menus_ui)
    static var menu: OpaquePointer { menus.menu("row-menu") }

    func installActions() {
        let group = g_simple_action_group_new()!
        for (name, body) in [
            ("rename", { [weak self] in self?.rename() }),
            ("show-transcript", { [weak self] in self?.memoID.map { self?.context.openTranscript($0) } }),
            (
                "copy-transcript",
                { [weak self] in self?.memoID.map { self?.context.model.send(.copyTranscriptTapped($0)) } }
            ),
            ("export", { [weak self] in self?.memoID.map { self?.context.export($0) } }),
            ("edit", { [weak self] in self?.memoID.map { self?.context.model.send(.editTapped($0)) } }),
            ("revert", { [weak self] in self?.memoID.map { self?.context.model.send(.revertTapped($0)) } }),
            ("delete", { [weak self] in self?.delete() }),
        ] as [(String, () -> Void)] {
            let action = g_simple_action_new(name, nil)!
            Signals.connectPointer(UnsafeMutableRawPointer(action), "activate") { _ in body() }
            g_action_map_add_action(OpaquePointer(group), action)
            if name == "revert" { revertAction = action }
            g_object_unref(UnsafeMutableRawPointer(action))
        }
        // Enhance (SPEC I.3) is a check item: it asks the model to switch, and `render` shows the memo's switch.
        let enhance = g_simple_action_new_stateful("enhance", nil, g_variant_new_boolean(0))!
        Signals.connectPointer(UnsafeMutableRawPointer(enhance), "change-state") { [weak self] _ in
            self?.memoID.map { self?.context.model.send(.enhanceToggled($0)) }
        }
        g_action_map_add_action(OpaquePointer(group), enhance)
        enhanceAction = enhance
        g_object_unref(UnsafeMutableRawPointer(enhance))
        gtk_widget_insert_action_group(widget, "row", OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    // MARK: Actions

    func togglePlay() {
        guard let id = memoID else { return }
        if !context.model.state.isPlaying(id) { context.playRequested(id) }
        context.model.send(.playTapped(id))
    }

    /// F2 or the menu's Rename: into the title field, its text selected.
    func rename() {
        titleEntry.grabFocus()
        titleEntry.select()
    }

    func delete() {
        guard let id = memoID else { return }
        context.model.send(.delete(id))
    }
}
