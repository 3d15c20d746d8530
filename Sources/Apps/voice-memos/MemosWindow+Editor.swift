import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The editor in the window (SPEC I.1): a page over everything (the header, the list and the control) while the
/// model has a memo in its editor, and its geometry line for scripts (`editorLayout`, after the frame that moved
/// something).
extension MemosWindow {
    /// The window's content: `main` (the memos and the control) and the editor's page.
    func addEditorPage() {
        rootPages.add(editorPage.widget, named: "editor")
        // Hidden from screen readers until it is shown (GTK 4.8 leaves a stack's other children in the tree).
        GValues.setAccessibleHidden(editorPage.widget)
        // The handles sit at their times once the waveform has its width, and again when it changes.
        Signals.connectSize(UnsafeMutableRawPointer(editorPage.waveform.widget), "resize") { [weak self] _, _ in
            self?.editorPage.relayout()
        }
    }

    func renderEditor(_ state: MemosState) {
        let wasShown = editorPage.isShown
        let shows = editorPage.render(state)
        guard shows != wasShown else { return }
        // Screen readers see only the page on screen.
        rootPages.showOnly(shows ? "editor" : "main")
        // Typing in the editor is not a search of the list behind it (the search bar takes the window's keys).
        searchBar.captureKeys(from: shows ? nil : window)
        if shows { editorPage.focusStart() } else { gtk_widget_grab_focus(recorder.micButton) }
        reportedEditor = nil
    }

    /// The `editorLayout` line: where the editor's handles, waveform and buttons are, when any of them moved.
    func reportEditorGeometry() {
        guard editorPage.isShown, let editor = model.state.editor else { return }
        let fields = editorPage.geometry(in: window)
        let line = JSONValue.object(
            [("event", "editorLayout"), ("start", .number(editor.start)), ("end", .number(editor.end))] + fields)
        guard line != reportedEditor, gtk_widget_get_width(editorPage.waveform.widget) > 0 else { return }
        reportedEditor = line
        EventLine.print(line)
    }
}
