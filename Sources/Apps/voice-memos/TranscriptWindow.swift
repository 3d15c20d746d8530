import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// A memo's transcript (SPEC E.3): the whole text, readable and selectable, the word being heard marked while the
/// memo plays, a click on a word playing from it, and Copy. Its state in words where there are no words yet
/// ("Transcribing… 40%", "No speech", "Transcripts are not installed" with how to install them).
///
/// One window, made when first opened and hidden when closed; it draws `state.openTranscript` and sends the
/// model's actions.
final class TranscriptWindow {
    private let model: MemosModel
    private let parent: UnsafeMutablePointer<GtkWidget>
    private let texts: MemoRowText
    /// The window's parts, once it has been made.
    private struct Parts {
        /// The description the parts were built from (Interface/transcript-window.ui), kept as long as they are.
        let interface: BuiltInterface
        let window: Window
        let title: UnsafeMutablePointer<GtkWidget>
        let stack: Stack
        let status: UnsafeMutablePointer<GtkWidget>
        let textView: UnsafeMutablePointer<GtkWidget>
        let copyButton: Button
        let buffer: UnsafeMutablePointer<GtkTextBuffer>
        let heardTag: UnsafeMutablePointer<GtkTextTag>
    }

    private var parts: Parts?
    private var layout: TranscriptText?
    private var shown: (id: UUID, transcript: Transcript?)?
    private var heard: Int?
    /// What the last `transcriptView` line said.
    private var reported: (id: UUID, words: Int)?

    init(model: MemosModel, parent: UnsafeMutablePointer<GtkWidget>, texts: MemoRowText) {
        self.model = model
        self.parent = parent
        self.texts = texts
    }

    /// Draws the open transcript, if any (hides the window when there is none).
    func render(_ state: MemosState) {
        guard let open = state.openTranscript, let memo = state.memo(open.memoID) else {
            if let window = parts?.window, window.isVisible { window.isVisible = false }
            shown = nil
            reported = nil
            return
        }
        let parts = self.parts ?? build()
        let title = texts.title(of: memo)
        adw_window_title_set_title(OpaquePointer(parts.title), title)
        // Screen readers read the title widget by its label (else "AdwWindowTitle"), as the main window's.
        GValues.setAccessibleLabel(parts.title, title)
        let words = open.transcript?.words ?? []
        if shown?.id != open.memoID || shown?.transcript != open.transcript {
            shown = (open.memoID, open.transcript)
            layout = open.transcript.map(TranscriptText.init)
            gtk_text_buffer_set_text(parts.buffer, layout?.text ?? "", -1)
            heard = nil
        }
        let transcriptState = state.transcriptState(of: memo.id)
        if words.isEmpty {
            adw_status_page_set_title(OpaquePointer(parts.status), open.isLoaded ? transcriptState.words : "")
            adw_status_page_set_description(OpaquePointer(parts.status), Self.reason(transcriptState))
            parts.stack.visibleChildName = "status"
        } else {
            parts.stack.visibleChildName = "text"
        }
        parts.copyButton.isSensitive = !words.isEmpty
        mark(state.heardWordIndex, in: parts)
        if !parts.window.isVisible { parts.window.present() }
        // The view's line once its words are read (and again if they change: a transcript made while it is open).
        if open.isLoaded, reported?.id != memo.id || reported?.words != words.count {
            reported = (memo.id, words.count)
            EventLine.print([
                "event": "transcriptView", "id": .string(memo.id.uuidString), "state": .string(transcriptState.name),
                "words": .integer(words.count),
            ])
        }
    }

    /// The reason under a state with no words: why it failed, or how to install the engine.
    private static func reason(_ state: TranscriptState) -> String? {
        switch state {
        case .failed(let reason), .unavailable(let reason): reason
        case .pending: tr("It will be transcribed shortly.")
        default: nil
        }
    }

    /// Marks word `index` as the one heard (and keeps it in view), unmarking the last one.
    private func mark(_ index: Int?, in parts: Parts) {
        guard index != heard, let layout else { return }
        let buffer = parts.buffer
        let heardTag = parts.heardTag
        heard = index
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, heardTag, &start, &end)
        guard let index, layout.ranges.indices.contains(index) else { return }
        let range = layout.ranges[index]
        gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
        gtk_text_buffer_apply_tag(buffer, heardTag, &start, &end)
        gtk_text_view_scroll_to_iter(cast(parts.textView), &start, 0.1, 0, 0, 0)
    }

    // MARK: - Building

    /// The window described in Interface/transcript-window.ui, with what its description cannot say: its parent,
    /// the heard word's colour and what its signals do.
    private func build() -> Parts {
        let interface = BuiltInterface(PackageResources.transcript_window_ui)
        let window = interface.window("window")
        window.belong(to: parent)
        window.onCloseRequest { [weak self] in
            window.isVisible = false
            self?.model.send(.transcriptClosed)
        }
        let copy = interface.button("copy")
        copy.onClicked { [weak self] in
            guard let self, let id = shown?.id else { return }
            model.send(.copyTranscriptTapped(id))
        }
        let heardTag: UnsafeMutablePointer<GtkTextTag> = upcast(interface.object("heard"))
        setStringProperty(UnsafeMutableRawPointer(heardTag), "background", AppStyle.heardWordBackground)
        Signals.connectClick(UnsafeMutableRawPointer(interface.object("text-click")), "released") {
            [weak self] _, x, y in
            self?.clicked(x: x, y: y)
        }
        let parts = Parts(
            interface: interface, window: window, title: interface.widget("title"), stack: interface.stack("stack"),
            status: interface.widget("status"), textView: interface.widget("text"), copyButton: copy,
            buffer: upcast(interface.object("buffer")), heardTag: heardTag)
        self.parts = parts
        return parts
    }

    /// A click in the text plays from the word under it; a drag that selected text plays nothing.
    private func clicked(x: Double, y: Double) {
        guard let parts, let layout, let id = shown?.id, gtk_text_buffer_get_has_selection(parts.buffer) == 0 else {
            return
        }
        let textView = parts.textView
        var bufferX: gint = 0
        var bufferY: gint = 0
        gtk_text_view_window_to_buffer_coords(
            cast(textView), GTK_TEXT_WINDOW_WIDGET, gint(x), gint(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        guard gtk_text_view_get_iter_at_location(cast(textView), &iter, bufferX, bufferY) != 0,
            let index = layout.wordIndex(atCharacter: Int(gtk_text_iter_get_offset(&iter)))
        else { return }
        model.send(.transcriptWordActivated(id, index))
    }
}
