import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK

/// Files in and out (SPEC J.3): audio files dropped on the window become memos (the model imports them; a file that
/// is not audio is a toast naming it), and a row dragged out is its memo's audio as a copy named after its title.
extension MemosWindow {
    /// Takes files dropped anywhere on the window.
    func acceptDroppedFiles() {
        FileDragAndDrop.acceptFiles(on: window) { [weak self] urls in
            guard let self else { return }
            EventLine.print(["event": "filesDropped", "paths": .array(urls.map { .string($0.path) })])
            model.send(.filesDropped(urls))
        }
    }

    /// The file a drag of memo `id`'s row carries: a fresh copy named after its title; nil (no drag) for a memo
    /// whose file is missing or can't be copied (said in a toast).
    func dragFile(of id: UUID) -> URL? {
        guard let memo = model.state.memo(id), !memo.isMissing else { return nil }
        do {
            let copy = try dragCopies.copy(of: model.dependencies.library.fileURL(of: id), title: texts.title(of: memo))
            EventLine.print(["event": "dragStarted", "id": .string(id.uuidString), "path": .string(copy.path)])
            return copy
        } catch {
            showToast(tr("The memo could not be dragged: {reason}").filling(["reason": "\(error)"]))
            return nil
        }
    }

    /// A toast for each dropped file that was not imported, then the model told they are shown.
    func showImportProblems(_ problems: [ImportProblem]) {
        guard !problems.isEmpty else { return }
        for problem in problems {
            showToast(problem.message)
        }
        model.send(.importProblemsShown)
    }

    /// A plain toast (no button), which its line names for the tests. Its words wrap rather than end in "…": a
    /// file's name and why it was not imported are the point of it.
    func showToast(_ text: String) {
        let toast = adw_toast_new(text)
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_max_width_chars(cast(label), 40)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        label.addClasses("heading")
        adw_toast_set_custom_title(toast, label)
        AccessibleNames.show(toast!, on: toastOverlay)
        EventLine.print(["event": "toast", "text": .string(text)])
    }
}
