import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderGTK
import VoiceRecorderPulseAudio

// The player pulls PCM from a decoder; the decoder already reads and seeks that way.
extension AudioFileDecoder: PCMPullSource {
    public var duration: Double { info.duration ?? 0 }
}

/// The chat's message list: each sent voice message as a bubble with a play button, its waveform and its duration.
/// Playing goes through PulseAudio when a server is reachable; one message plays at a time.
final class MessageList {
    /// The scrolled list, to pack above the composer.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private var player: PulseAudioPlayer?
    /// Waveforms by drawing area, kept alive for their draw functions.
    private var waveforms: [Signals2.Box<[Double]>] = []

    init() {
        widget = gtk_scrolled_window_new()
        list = gtk_list_box_new()
        gtk_widget_set_vexpand(widget, 1)
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_scrolled_window_set_child(cast(widget), list)
    }

    /// Adds a bubble for `recording`.
    func append(_ recording: Recording) {
        let bubble = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(bubble, GTK_ALIGN_END)
        gtk_widget_set_margin_top(bubble, 6)
        gtk_widget_set_margin_end(bubble, 12)
        gtk_widget_add_css_class(bubble, "card")

        let play = gtk_button_new_from_icon_name("media-playback-start-symbolic")!
        gtk_widget_add_css_class(play, "flat")
        Signals2.connectClicked(play) { [weak self] in self?.play(recording.url) }
        GtkAccessibleText.label(play, "Play voice message")

        let wave = gtk_drawing_area_new()!
        gtk_widget_set_size_request(wave, 160, 32)
        let samples = Signals2.Box(recording.samples)
        waveforms.append(samples)
        gtk_drawing_area_set_draw_func(cast(wave), { _, cr, width, height, data in
            guard let cr else { return }
            let samples = Unmanaged<Signals2.Box<[Double]>>.fromOpaque(data!).takeUnretainedValue().value
            guard !samples.isEmpty else { return }
            let pitch = Double(width) / Double(samples.count)
            cairo_set_source_rgba(cr, 0.33, 0.33, 0.33, 1)
            for (index, level) in samples.enumerated() {
                let barHeight = max(2, Double(height) * level)
                cairo_rectangle(cr, Double(index) * pitch, (Double(height) - barHeight) / 2, max(pitch * 0.6, 1),
                                barHeight)
            }
            cairo_fill(cr)
        }, Unmanaged.passUnretained(samples).toOpaque(), nil)

        let seconds = Int(recording.duration.rounded())
        let label = gtk_label_new(String(format: "%d:%02d", seconds / 60, seconds % 60))!

        gtk_box_append(cast(bubble), play)
        gtk_box_append(cast(bubble), wave)
        gtk_box_append(cast(bubble), label)
        gtk_list_box_append(cast(list), bubble)
    }

    private func play(_ url: URL) {
        player?.stop()
        player = nil
        do {
            let decoder = try AudioFileDecoder(url: url)
            let player = PulseAudioPlayer(source: decoder, applicationName: "Voice Recorder")
            try player.play()
            self.player = player
        } catch {
            FileHandle.standardError.write(Data("voicerecorder-demo: cannot play \(url.lastPathComponent): \(error)\n".utf8))
        }
    }
}

/// Small GTK helpers for the demo's own widgets.
enum Signals2 {
    /// A value carried through a C `gpointer`.
    final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Connects a signal that carries nothing but its emitter (a button's `clicked`, a window's `close-request`).
    static func connectClicked(_ button: UnsafeMutablePointer<GtkWidget>, signal: String = "clicked",
                               _ body: @escaping () -> Void) {
        typealias Thunk = @convention(c) (gpointer?, gpointer?) -> Void
        let thunk: Thunk = { _, data in Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeUnretainedValue().value() }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        g_signal_connect_data(UnsafeMutableRawPointer(button), signal, unsafeBitCast(thunk, to: GCallback.self),
                              box, { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() },
                              GConnectFlags(rawValue: 0))
    }
}

/// Accessible labels for the demo's own widgets.
enum GtkAccessibleText {
    /// Sets the accessible label of `widget`.
    static func label(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING (a macro that does not import)
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }
}

/// A GTK instance pointer as a pointer to another GTK type (GTK's cast macros don't import).
func cast<T>(_ instance: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// A GTK instance pointer as an opaque GTK type (list boxes, scrolled windows, windows, entries).
func cast(_ instance: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer { OpaquePointer(instance) }
