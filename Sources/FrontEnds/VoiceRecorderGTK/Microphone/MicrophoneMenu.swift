import CGtk
import VoiceRecorder

/// "Microphone" (SPEC F.1), for an app's main menu: a section of radio items, one per source the chooser lists (the
/// default first and marked "(default)"), bound to a stateful action (`microphone.choose`) whose state is the
/// source takes record from. It only draws the chooser's list and passes the choice on; the chooser decides.
///
/// The app appends `section` to its menu and installs the action group on its window (`install(on:)`).
public final class MicrophoneMenu {
    /// The menu section (a `GMenu`), labelled "Microphone".
    public let section: OpaquePointer
    private let items: OpaquePointer
    private let group: UnsafeMutablePointer<GSimpleActionGroup>
    private let action: OpaquePointer
    /// The choice it draws.
    public let chooser: MicrophoneChooser

    /// The menu drawn from `chooser`, redrawn whenever it changes; `onChange` runs after each redraw.
    public init(chooser: MicrophoneChooser, onChange: @escaping () -> Void = {}) {
        self.chooser = chooser
        items = g_menu_new()!
        section = g_menu_new()!
        g_menu_append_section(section, tr("Microphone"), UnsafeMutablePointer(items))
        let type = g_variant_type_new("s")
        action = g_simple_action_new_stateful("choose", type, g_variant_new_string(""))!
        g_variant_type_free(type)
        group = g_simple_action_group_new()!
        g_action_map_add_action(OpaquePointer(group), action)
        Signals.connectPointer(UnsafeMutableRawPointer(action), "change-state") { [weak self] value in
            guard let value, let text = g_variant_get_string(OpaquePointer(value), nil) else { return }
            self?.chooser.choose(String(cString: text))
        }
        chooser.onChange = { [weak self] in
            self?.redraw()
            onChange()
        }
        redraw()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(action))
        g_object_unref(UnsafeMutableRawPointer(group))
        g_object_unref(UnsafeMutableRawPointer(items))
        g_object_unref(UnsafeMutableRawPointer(section))
    }

    /// Makes the action reachable from `widget` and everything inside it (its window, say).
    public func install(on widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_action_group(widget, "microphone", OpaquePointer(group))
    }

    /// The label of one item: the description, and "(default)" for the default. Underscores are doubled: a menu
    /// reads a single one as a mnemonic.
    static func label(for source: Microphone) -> String {
        let description = source.description.replacingOccurrences(of: "_", with: "__")
        return source.isDefault ? "\(description) (default)" : description
    }

    private func redraw() {
        let choices = chooser.choices
        g_menu_remove_all(items)
        for choice in choices {
            let item = g_menu_item_new(Self.label(for: choice.microphone), nil)!
            g_menu_item_set_action_and_target_value(
                item, "microphone.choose", g_variant_new_string(choice.microphone.name))
            g_menu_append_item(items, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        let selected = choices.first(where: \.selected)?.microphone.name ?? ""
        g_simple_action_set_state(action, g_variant_new_string(selected))
    }
}
