import CAdwaita
import CGtk
import VoiceRecorder

/// The Keyboard Shortcuts window (Ctrl+?, and the main menu), as GTK builds it from its description.
enum ShortcutsWindow {
    static func make() -> UnsafeMutablePointer<GtkWidget> {
        let builder = gtk_builder_new_from_string(description, -1)!
        let window = gtk_builder_get_object(builder, "help_overlay")!
        g_object_ref(UnsafeMutableRawPointer(window))
        g_object_unref(UnsafeMutableRawPointer(builder))
        return UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    }

    private static func shortcut(_ accelerator: String, _ title: String) -> String {
        """
        <child><object class="GtkShortcutsShortcut">
          <property name="accelerator">\(accelerator)</property><property name="title">\(TranscriptLine.escaped(title))</property>
        </object></child>
        """
    }

    private static let description = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="help_overlay">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>
              <child><object class="GtkShortcutsGroup"><property name="title">\(TranscriptLine.escaped(tr("Memos")))</property>
                \(shortcut("space", tr("Play or stop the focused memo")))
                \(shortcut("Delete", tr("Delete the focused memo")))
                \(shortcut("F2", tr("Rename the focused memo")))
                \(shortcut("&lt;Control&gt;z", tr("Undo delete")))
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">\(TranscriptLine.escaped(tr("Recording")))</property>
                \(shortcut("space", tr("Hold to record, with the microphone focused")))
                \(shortcut("Return", tr("Start hands-free, or keep the memo")))
                \(shortcut("Escape", tr("Throw the recording away")))
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">\(TranscriptLine.escaped(tr("General")))</property>
                \(shortcut("&lt;Control&gt;f", tr("Search")))
                \(shortcut("&lt;Control&gt;question", tr("Keyboard shortcuts")))
                \(shortcut("&lt;Control&gt;w", tr("Close the window")))
                \(shortcut("&lt;Control&gt;q", tr("Quit")))
              </object></child>
            </object></child>
          </object>
        </interface>
        """
}
