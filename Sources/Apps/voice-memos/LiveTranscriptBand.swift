import CGtk
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK

/// The take's words as they are said (SPEC K), in a band just above the hold-to-record control while a take
/// records: the settled words in the text's colour, the ones that may still change dimmed. Hidden when there are
/// none (no speech engine, nothing said yet); screen readers read it as a label named "Live transcript".

final class LiveTranscriptBand {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private var shown: LiveTranscript?

    init() {
        label = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_selectable(cast(label), 0)
        label.addClasses("live-transcript")
        GValues.setAccessible(label, [(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tr("Live transcript"))])
        // Empty, a label reads as its class name ("GtkLabel"): screen readers hear it only while it has words.
        GValues.setAccessibleHidden(label)
        widget = gtk_revealer_new()!
        gtk_revealer_set_transition_type(cast(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_child(cast(widget), label)
    }

    /// Shows the take's live words, or hides the band when there are none.
    func render(_ take: MemosState.Take?) {
        let live = take?.liveTranscript
        guard live != shown else { return }
        shown = live
        let tail = live?.shownTail() ?? (settled: "", tentative: "")
        let hasWords = !(tail.settled.isEmpty && tail.tentative.isEmpty)
        if hasWords {
            let tentative = "<span alpha=\"55%\">" + TranscriptLine.escaped(tail.tentative) + "</span>"
            let markup = TranscriptLine.escaped(tail.settled) + tentative
            gtk_label_set_markup(cast(label), markup)
        }
        gtk_revealer_set_reveal_child(cast(widget), hasWords ? 1 : 0)
        GValues.setAccessibleHidden(label, !hasWords)
    }
}
