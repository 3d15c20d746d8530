import CGtk
import VoiceRecorder
import VoiceRecorderGTK

extension DemoApp {
    /// The header bar: the title and the main menu, whose "Recording format" (SPEC G) is remembered in
    /// `$XDG_CONFIG_HOME/voicerecorder/demo.json`.
    func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
        let menu = RecordingFormatMenu(
            recorder: recorder, setting: RecordingFormatSetting(url: RecordingFormatSetting.url(named: "demo.json"))
        ) { format in EventPrinter.print(["event": "recordingFormat", "format": .string(format.rawValue)]) }
        menu.install(on: window)
        recordingFormat = menu
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        gtk_menu_button_set_primary(cast(button), 1)
        gtk_widget_set_tooltip_text(button, "Main Menu")
        GValues.setAccessibleLabel(button, "Main menu")
        let model = g_menu_new()!
        g_menu_append_section(model, nil, UnsafeMutablePointer(menu.section))
        if let microphoneMenu { g_menu_append_section(model, nil, UnsafeMutablePointer(microphoneMenu.section)) }
        gtk_menu_button_set_menu_model(cast(button), UnsafeMutablePointer(model))
        g_object_unref(UnsafeMutableRawPointer(model))
        menuButton = button
        let header = gtk_header_bar_new()!
        gtk_header_bar_pack_end(cast(header), button)
        return header
    }
}
