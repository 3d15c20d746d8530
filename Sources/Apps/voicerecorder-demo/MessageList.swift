import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

// The player pulls PCM from a decoder; the decoder already reads and seeks that way.
/// The chat's message list: each sent voice message as a `VoiceMessageRow`, newest at the bottom, scrolled into view.
/// It owns playback: one message plays at a time (starting one stops the other), reaching the end resets it, and a
/// failure (no sound server, say) is shown on the message instead of ending the app.
/// Everything in it runs on the GTK thread (player callbacks hop there first), hence `@unchecked Sendable`.
/// `@unchecked Sendable`: used on the GTK thread only; player callbacks hop there first
final class MessageList: @unchecked Sendable {
    /// The scrolled list, to pack above the composer.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What happened to playback, for the event lines.
    enum PlaybackChange {
        /// A message started playing; `duration` is its length in seconds.
        case playing(duration: Double)
        /// The position heard, in seconds (several times a second while playing).
        case position(Double)
        /// The playing message was sought to `to` seconds (pressing or dragging on its waveform); the positions
        /// heard from then on start there.
        case seeked(to: Double)
        /// Stopped by the person (the play/stop button, or another message starting).
        case stopped
        /// Played to its end; `position` is the last position heard.
        case ended(position: Double)
        /// Could not play (no sound server, say); the message says why.
        case failed(String)
    }

    /// Hears each playback change.
    var onPlayback: ((PlaybackChange) -> Void)?
    /// Hears each new message's row once it has been laid out (its geometry is final then).
    var onRowShown: ((VoiceMessageRow) -> Void)?
    private let list: UnsafeMutablePointer<GtkWidget>
    private var rows: [VoiceMessageRow] = []
    private var playing: (row: VoiceMessageRow, player: PulseAudioPlayer)?

    init() {
        widget = gtk_scrolled_window_new()
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_valign(list, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(list, 6)
        gtk_scrolled_window_set_policy(cast(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(widget), list)
        nameScrollBars()
    }

    /// Screen readers get one named scroll bar, "Messages". Unnamed, each bar and the range inside it would be read
    /// by class ("GtkScrollbar", "GtkRange"); the horizontal bar never shows (no sideways scrolling) and the range
    /// is the bar's inner part, so both are hidden.
    private func nameScrollBars() {
        if let vertical = gtk_scrolled_window_get_vscrollbar(cast(widget)) {
            GValues.setAccessibleLabel(vertical, "Messages")
            if let range = gtk_widget_get_first_child(vertical) { GValues.setAccessibleHidden(range) }
        }
        if let horizontal = gtk_scrolled_window_get_hscrollbar(cast(widget)) { GValues.setAccessibleHidden(horizontal) }
    }

    /// How many messages the list holds.
    var count: Int { rows.count }

    /// Adds a bubble for `recording` and scrolls to it.
    func append(_ recording: Recording) {
        let row = VoiceMessageRow(recording: recording)
        row.onToggle = { [weak self, weak row] in
            guard let self, let row else { return }
            if playing?.row === row { stop(reset: true, change: .stopped) } else { play(row) }
        }
        row.onSeek = { [weak self, weak row] fraction in
            guard let self, let row else { return }
            seek(row, to: fraction * recording.duration)
        }
        rows.append(row)
        gtk_box_append(cast(list), row.widget)
        GLibScheduler.invoke { [weak self] in
            // After the new row is laid out, so the end of the list includes it.
            guard let self, let adjustment = gtk_scrolled_window_get_vadjustment(cast(widget)) else { return }
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        }
        reportWhenLaidOut(row)
    }

    /// Tells `onRowShown` about `row` once it has a size and the list has scrolled it into view.
    private func reportWhenLaidOut(_ row: VoiceMessageRow, attempts: Int = 100) {
        _ = GLibScheduler().schedule(after: 0.05) { [weak self, weak row] in
            guard let self, let row else { return }
            let laidOut = gtk_widget_get_mapped(row.widget) != 0 && gtk_widget_get_width(row.widget) > 0
            if laidOut || attempts == 0 { onRowShown?(row) } else { reportWhenLaidOut(row, attempts: attempts - 1) }
        }
    }

    private func play(_ row: VoiceMessageRow) {
        stop(reset: true, change: .stopped)
        row.state = .idle
        do {
            let decoder = try AudioFiles.decoder(for: row.recording.url)
            let player = PulseAudioPlayer(
                source: decoder, applicationName: "Voice Recorder",
                onPosition: { [weak self, weak row] seconds in
                    GLibScheduler.invoke { [weak self, weak row] in
                        guard let self, let row, playing?.row === row else { return }
                        row.position = seconds
                        onPlayback?(.position(seconds))
                    }
                },
                onFinished: { [weak self, weak row] end in
                    GLibScheduler.invoke { [weak self, weak row] in
                        guard let self, let row, playing?.row === row else { return }
                        switch end {
                        case .completed: stop(reset: true, change: .ended(position: row.position))
                        case .failed(let error): fail(row, "\(error)")
                        }
                    }
                })
            // A message scrubbed before playing starts where it was left.
            if row.position > 0 && row.position < row.recording.duration { try player.seek(to: row.position) }
            try player.play()
            playing = (row, player)
            row.state = .playing
            onPlayback?(.playing(duration: row.recording.duration))
        } catch {
            fail(row, "\(error)")
        }
    }

    private func fail(_ row: VoiceMessageRow, _ message: String) {
        if playing?.row === row {
            playing?.player.stop()
            playing = nil
        }
        row.position = 0
        row.state = .failed(message)
        onPlayback?(.failed(message))
    }

    /// Stops what plays; `reset` puts its position back to the start.
    private func stop(reset: Bool, change: PlaybackChange) {
        guard let (row, player) = playing else { return }
        playing = nil
        player.stop()
        row.state = .idle
        if reset { row.position = 0 }
        onPlayback?(change)
    }

    private func seek(_ row: VoiceMessageRow, to seconds: Double) {
        if playing?.row === row, let player = playing?.player {
            do { try player.seek(to: seconds) } catch { return fail(row, "\(error)") }
            onPlayback?(.seeked(to: seconds))
        }
        row.position = seconds
    }
}
