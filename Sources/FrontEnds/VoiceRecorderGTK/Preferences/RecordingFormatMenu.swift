import CGtk
import VoiceRecorder

/// "Recording format" (SPEC G), for an app's menu: a section of two radio items, "AAC (.m4a)" and "Opus (.ogg)",
/// bound to a stateful action (`recording.format`) that sets the control's format for its next take and remembers
/// the choice in the app's settings file.
///
/// The app appends `section` to its menu and installs the action group on its window (`install(on:)`).
public final class RecordingFormatMenu {
    /// The menu section (a `GMenu`), labelled "Recording format".
    public let section: OpaquePointer
    private let group: UnsafeMutablePointer<GSimpleActionGroup>
    private let action: OpaquePointer
    private let recorder: VoiceRecorderWidget
    private let setting: RecordingFormatSetting
    private let onChange: (TakeFormat) -> Void

    /// The words of each choice, in menu order.
    static let choices: [(format: TakeFormat, label: String)] = [(.aac, "AAC (.m4a)"), (.opus, "Opus (.ogg)")]

    /// The menu for `recorder`, starting from the format `setting` remembers (applied to the control at once);
    /// `onChange` hears each new choice after it is applied and saved.
    public init(
        recorder: VoiceRecorderWidget, setting: RecordingFormatSetting,
        onChange: @escaping (TakeFormat) -> Void = { _ in }
    ) {
        self.recorder = recorder
        self.setting = setting
        self.onChange = onChange
        let format = setting.load()
        recorder.format = format
        let choices = g_menu_new()!
        for choice in Self.choices {
            g_menu_append(choices, choice.label, "recording.format::\(choice.format.rawValue)")
        }
        section = g_menu_new()!
        g_menu_append_section(section, tr("Recording format"), UnsafeMutablePointer(choices))
        g_object_unref(UnsafeMutableRawPointer(choices))
        let type = g_variant_type_new("s")
        action = g_simple_action_new_stateful("format", type, g_variant_new_string(format.rawValue))!
        g_variant_type_free(type)
        group = g_simple_action_group_new()!
        g_action_map_add_action(OpaquePointer(group), action)
        // The radio items activate the action with their target; the choice is applied here, not by GIO's default.
        Signals.connectPointer(UnsafeMutableRawPointer(action), "change-state") { [weak self] value in
            guard let self, let value else { return }
            choose(OpaquePointer(value))
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(action))
        g_object_unref(UnsafeMutableRawPointer(group))
        g_object_unref(UnsafeMutableRawPointer(section))
    }

    /// Makes the action reachable from `widget` and everything inside it (its window, say).
    public func install(on widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_action_group(widget, "recording", OpaquePointer(group))
    }

    private func choose(_ value: OpaquePointer) {
        guard let text = g_variant_get_string(value, nil), let format = TakeFormat(rawValue: String(cString: text))
        else { return }
        g_simple_action_set_state(action, value)
        recorder.format = format
        // A file that cannot be written costs the memory of the choice, not the choice.
        try? setting.save(format)
        onChange(format)
    }
}
