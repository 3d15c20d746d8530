import CGtk
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK

/// The main menu's "Skip Silences" switch (SPEC I.2): a window action with a boolean state ("win.skip-silence", the
/// item in Interface/menus.ui).
/// Choosing it asks the model to switch; the check mark follows the model's state, which is remembered.
final class SkipSilenceMenuItem {
    private let action: OpaquePointer
    private var shown: Bool

    init(window: UnsafeMutablePointer<GtkWidget>, model: MemosModel) {
        shown = model.state.skipsSilence
        action = g_simple_action_new_stateful("skip-silence", nil, g_variant_new_boolean(shown ? 1 : 0))!
        // A check item asks for the other state; the model decides, and `render` shows what it decided.
        Signals.connectPointer(UnsafeMutableRawPointer(action), "change-state") { [weak model] _ in
            model?.send(.skipSilenceToggled)
        }
        g_action_map_add_action(OpaquePointer(window), action)
    }

    func render(_ state: MemosState) {
        guard state.skipsSilence != shown else { return }
        shown = state.skipsSilence
        g_simple_action_set_state(action, g_variant_new_boolean(shown ? 1 : 0))
    }
}
