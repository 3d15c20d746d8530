import CAdwaita
import CGtk

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
          <property name="accelerator">\(accelerator)</property><property name="title">\(title)</property>
        </object></child>
        """
    }

    private static let description = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="help_overlay">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>
              <child><object class="GtkShortcutsGroup"><property name="title">Memos</property>
                \(shortcut("space", "Play or stop the focused memo"))
                \(shortcut("Delete", "Delete the focused memo"))
                \(shortcut("F2", "Rename the focused memo"))
                \(shortcut("&lt;Control&gt;z", "Undo delete"))
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">Recording</property>
                \(shortcut("space", "Hold to record, with the microphone focused"))
                \(shortcut("Return", "Start hands-free, or keep the memo"))
                \(shortcut("Escape", "Throw the recording away"))
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">General</property>
                \(shortcut("&lt;Control&gt;f", "Search"))
                \(shortcut("&lt;Control&gt;question", "Keyboard shortcuts"))
                \(shortcut("&lt;Control&gt;w", "Close the window"))
                \(shortcut("&lt;Control&gt;q", "Quit"))
              </object></child>
            </object></child>
          </object>
        </interface>
        """
}
