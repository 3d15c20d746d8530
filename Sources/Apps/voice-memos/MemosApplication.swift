import CAdwaita
import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderGTK

/// The `AdwApplication` (`org.voicerecorder.VoiceMemos`): made once, it opens the one window on `activate`, follows
/// the desktop's light or dark style (and tells the control), and offers About and the shortcuts window.
///
/// The default library makes the app unique on the desktop (starting it again raises the window). With
/// `--data-dir` it runs on its own, so two libraries can be open side by side; without a session bus it runs on its
/// own too, rather than starting one.
/// `@unchecked Sendable`: made and used on the GTK thread only; GLib signals call it there
final class MemosApplication: @unchecked Sendable {
    static let id = "org.voicerecorder.VoiceMemos"

    let options: Options
    private let application: UnsafeMutablePointer<AdwApplication>
    var window: MemosWindow?
    var composition: Composition?

    init(options: Options) {
        self.options = options
        // Screen readers name the app after the program (GTK 4.8's AT-SPI root): "Voice Memos", not the binary.
        g_set_prgname(AppText.appName)
        g_set_application_name(AppText.appName)
        let environment = ProcessInfo.processInfo.environment
        let ownsLibrary = options.dataDirectory == nil && environment["DBUS_SESSION_BUS_ADDRESS"] != nil
        application = adw_application_new(
            Self.id, ownsLibrary ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE)!
        Signals.connect(UnsafeMutableRawPointer(application), "startup") { [weak self] in self?.startUp() }
        Signals.connect(UnsafeMutableRawPointer(application), "activate") { [weak self] in self?.activate() }
    }

    /// Runs the main loop until the window closes (or Ctrl+Q); returns the exit status.
    func run() -> Int32 {
        let request = Self.request(of: options)
        if forwardedToRunningApp(request) { return 0 }
        // Only the program's name: the options are this app's, parsed already, and GApplication would refuse them.
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(arguments[0]) }
        let status = g_application_run(gApplication, 1, &arguments)
        // The library's last calls (a take kept, a title saved as the window closed) finish before the process ends.
        composition?.model.dependencies.work.waitUntilDone()
        window?.dragCopies.removeAll()
        return status
    }

    var gApplication: UnsafeMutablePointer<GApplication> { upcast(application) }

    private func startUp() {
        if options.rightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        let style = adw_style_manager_get_default()
        if options.dark { adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_FORCE_DARK) }
        AppStyle.install()
        addAction("about") { [weak self] in self?.showAbout() }
        addRequestActions()
        withCStrings(["<Control>question"]) {
            gtk_application_set_accels_for_action(upcast(application), "win.show-help-overlay", $0)
        }
    }

    private func activate() {
        if let window {
            gtk_window_present(cast(window.window))
            return
        }
        let composition = Composition(options: options)
        self.composition = composition
        let window = MemosWindow(application: application, composition: composition, options: options)
        self.window = window
        followStyle(window)
        window.powerWatch = PowerWatch(model: composition.model)
        window.mediaPlayer = MediaPlayerService(
            model: composition.model, instance: options.dataDirectory != nil,
            raise: { [weak window] in window.map { gtk_window_present(cast($0.window)) } },
            quit: { [weak self] in self.map { g_application_quit($0.gApplication) } })
        gtk_application_window_set_help_overlay(upcast(window.window), OpaquePointer(ShortcutsWindow.make()))
        composition.model.start()
        gtk_window_present(cast(window.window))
        gtk_widget_grab_focus(window.recorder.micButton)
        window.followGeometry()
        if let request = Self.request(of: options) { handle(request) }
    }

    /// The control draws light or dark as libadwaita does (the desktop's preference, or `--dark`).
    private func followStyle(_ window: MemosWindow) {
        let style = adw_style_manager_get_default()!
        let apply: () -> Void = { [weak window] in
            window?.recorder.darkOverride = adw_style_manager_get_dark(style) != 0
        }
        apply()
        Signals.connectNotify(UnsafeMutableRawPointer(style), property: "dark", apply)
    }

    private func addAction(_ name: String, _ body: @escaping () -> Void) {
        addAction(name, parameter: nil) { _ in body() }
    }

    /// An application action `name` taking a parameter of GVariant type `parameter` (nil: none).
    func addAction(_ name: String, parameter: String?, _ body: @escaping (OpaquePointer?) -> Void) {
        let action = g_simple_action_new(name, parameter.map { vr_gtk_variant_type($0) })!
        Signals.connectPointer(UnsafeMutableRawPointer(action), "activate") { body($0.map(OpaquePointer.init)) }
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// The About window, described in Interface/about-window.ui; the translators' names where the language has
    /// them (GTK would show the untranslated "translator-credits" itself).
    private func showAbout() {
        let about = BuiltInterface(PackageResources.about_window_ui).window("about")
        // Translators: your names, one a line, as the About window credits them.
        let translators = tr("translator-credits")
        if translators != "translator-credits" {
            adw_about_window_set_translator_credits(cast(about.widget), translators)
        }
        if let parent = window?.window { about.belong(to: parent) }
        about.present()
    }
}
