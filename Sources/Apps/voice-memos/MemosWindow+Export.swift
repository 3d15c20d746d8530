import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK

/// Export… (SPEC B.3's menu): GTK's save dialog asks where, `MemoExport` writes the memo's audio there as it is heard
/// (enhanced when its Enhance is on, SPEC I.3), off the window's thread.
extension MemosWindow {
    func export(_ id: UUID) {
        guard let memo = model.state.memo(id) else { return }
        let source = model.dependencies.library.fileURL(of: id)
        let chooser = gtk_file_chooser_native_new(
            tr("Export Memo"), cast(window), GTK_FILE_CHOOSER_ACTION_SAVE,
            tr("_Export"), tr("_Cancel"))!
        gtk_file_chooser_set_current_name(
            chooser, MemoExport.fileName(for: texts.title(of: memo), extension: source.pathExtension))
        Signals.connectInt(UnsafeMutableRawPointer(chooser), "response") { [weak self] response in
            defer { g_object_unref(UnsafeMutableRawPointer(chooser)) }
            guard let self, response == GTK_RESPONSE_ACCEPT.rawValue,
                let file = gtk_file_chooser_get_file(chooser)
            else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            let destination = URL(fileURLWithPath: String(cString: path))
            let enhanced = model.state.memo(id)?.isEnhanced ?? false
            MemoExport.export(
                source, to: destination, enhanced: enhanced, scheduler: model.dependencies.scheduler
            ) { [weak self] failure in
                guard let failure else {
                    EventLine.print([
                        "event": "exported", "id": .string(id.uuidString), "path": .string(destination.path),
                        "enhanced": .bool(enhanced),
                    ])
                    return
                }
                self?.alerts.showError(tr("The Memo Could Not Be Exported"), failure)
            }
        }
        gtk_native_dialog_show(upcast(chooser))
    }
}
