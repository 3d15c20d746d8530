import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The line under a row's date (SPEC E.3, E.4): the transcript's first words or its state, or, for a search result,
/// the snippet with the match's time, which plays from just before the word when clicked. A flat button holding
/// one ellipsised label; it draws what `TranscriptLine` says and sends the model's actions.
final class MemoRowTranscriptLine {
    let button: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let model: MemosModel
    private var memoID: UUID?
    private var shown: TranscriptLine?
    /// Open the transcript view of this memo (the window's job).
    var openTranscript: (UUID) -> Void = { _ in }

    init(model: MemosModel) {
        self.model = model
        button = gtk_button_new()
        label = gtk_label_new(nil)
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(cast(label), 1)
        gtk_button_set_child(cast(button), label)
        button.addClasses("flat", "transcript-line")
        gtk_widget_set_halign(button, GTK_ALIGN_FILL)
        gtk_widget_set_visible(button, 0)
        Signals.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in self?.clicked() }
    }

    private func clicked() {
        guard let id = memoID, let shown else { return }
        switch shown {
        case .snippet: model.send(.searchResultActivated(id))
        case .text(_, let opens): if opens { openTranscript(id) }
        case .hidden: break
        }
    }

    /// Draws the line of `memo` (only what changed).
    func render(_ memo: Memo, in state: MemosState) {
        memoID = memo.id
        let line = TranscriptLine.of(memo, in: state)
        guard line != shown else { return }
        shown = line
        switch line {
        case .hidden:
            gtk_widget_set_visible(button, 0)
        case .text(let text, let opens):
            gtk_label_set_text(cast(label), text)
            setDim(!opens)
            gtk_widget_set_can_target(button, opens ? 1 : 0)
            gtk_widget_set_focusable(button, opens ? 1 : 0)
            GValues.setAccessibleLabel(button, opens ? tr("Transcript: {text}").filling(["text": text]) : text)
            gtk_widget_set_visible(button, 1)
        case .snippet(let markup, let spoken):
            gtk_label_set_markup(cast(label), markup)
            setDim(false)
            gtk_widget_set_can_target(button, 1)
            gtk_widget_set_focusable(button, 1)
            GValues.setAccessibleLabel(button, spoken)
            gtk_widget_set_visible(button, 1)
        }
    }

    /// Whether the line is shown (the `row` line gives its centre as `transcriptLine`).
    var isShown: Bool { shown != nil && shown != .hidden }

    /// Whether the line shows a snippet now (the `row` line gives its centre).
    var showsSnippet: Bool { if case .snippet = shown { true } else { false } }

    private func setDim(_ dim: Bool) {
        if dim { gtk_widget_add_css_class(label, "dim-label") } else { gtk_widget_remove_css_class(label, "dim-label") }
    }
}
