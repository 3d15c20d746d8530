import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The memo editor (SPEC I.1), a page over the whole window while `state.editor` is set: Cancel, the memo's
/// title and Save in its header bar; the waveform of what the edits keep with two handles (dragged, or pressed
/// anywhere to move the nearer one there; focused, the arrow keys move them by 0.1 s, with Shift by 1 s); the
/// selection's start, end and length; Listen, Trim and Delete.
///
/// It only translates and draws: every press and key is one of the model's actions (`MemoEditor` decides where
/// a handle may go), and `render` draws the state it is given.
final class MemoEditorPage {
    /// The page's description (Interface/editor-page.ui), kept with it.
    private let interface = BuiltInterface(PackageResources.editor_page_ui)
    private let model: MemosModel
    private let texts: MemoRowText
    let waveform = EditorWaveformView()
    // The parts the code reaches, found in the description once (each render touches most of them).
    let widget: UnsafeMutablePointer<GtkWidget>
    private let windowTitle: UnsafeMutablePointer<GtkWidget>
    let cancelButton: Button
    let saveButton: Button
    let startHandle: UnsafeMutablePointer<GtkWidget>
    let endHandle: UnsafeMutablePointer<GtkWidget>
    private let timesLabel: Label
    let listenButton: Button
    let trimButton: Button
    let deleteButton: Button
    private let area: UnsafeMutablePointer<GtkWidget>
    /// What the page last drew (so a render on every report sets only what changed).
    private var shown: (editor: MemoEditor, listening: Double?, saving: Bool)?
    /// The handle a press on the waveform took, which a drag from it moves.
    private var dragged: MemoEditor.Handle?

    /// Half a handle's width: its middle is on its time.
    private static let handleHalfWidth = 8

    init(model: MemosModel, texts: MemoRowText) {
        self.model = model
        self.texts = texts
        widget = interface.widget("page")
        windowTitle = interface.widget("title")
        cancelButton = interface.button("cancel")
        saveButton = interface.button("save")
        startHandle = interface.widget("start-handle")
        endHandle = interface.widget("end-handle")
        timesLabel = interface.label("times")
        listenButton = interface.button("listen")
        trimButton = interface.button("trim")
        deleteButton = interface.button("delete")
        area = interface.widget("selection")
        build()
        connect()
    }

    var isShown: Bool { shown != nil }

    /// Puts the focus on the start handle, where the keys begin (once the page is on screen).
    func focusStart() { gtk_widget_grab_focus(startHandle) }

    /// What the description cannot hold: the waveform the app draws, under the handles.
    private func build() {
        gtk_overlay_set_child(cast(area), waveform.widget)
        waveform.followPresses(on: area)
        for handle in [startHandle, endHandle] {
            gtk_widget_set_size_request(handle, gint(2 * Self.handleHalfWidth), -1)
        }
    }

    private func connect() {
        let actions: [(Button, MemosAction)] = [
            (cancelButton, .editorCancelTapped), (saveButton, .editorSaveTapped), (listenButton, .editorListenTapped),
            (trimButton, .editorTrimTapped), (deleteButton, .editorDeleteTapped),
        ]
        for (button, action) in actions {
            button.onClicked { [weak self] in self?.model.send(action) }
        }
        waveform.onPress = { [weak self] seconds in
            guard let self, let editor = model.state.editor else { return }
            let handle = editor.handle(nearest: seconds)
            dragged = handle
            gtk_widget_grab_focus(handle == .start ? startHandle : endHandle)
            model.send(.editorHandleMoved(handle, to: seconds))
        }
        waveform.onDrag = { [weak self] seconds in
            guard let self, let dragged else { return }
            model.send(.editorHandleMoved(dragged, to: seconds))
        }
        for (widget, handle) in [(startHandle, MemoEditor.Handle.start), (endHandle, .end)] {
            let keys = gtk_event_controller_key_new()!
            Signals.connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] key, modifiers in
                self?.keyPressed(key, modifiers, on: handle) ?? false
            }
            gtk_widget_add_controller(widget, keys)
        }
    }

    /// Arrows move a handle by a step toward the later or the earlier time (mirrored right to left), Shift by a
    /// second; Home and End take it to the start or the end.
    private func keyPressed(_ key: UInt32, _ modifiers: GdkModifierType, on handle: MemoEditor.Handle) -> Bool {
        let step = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 ? MemoEditor.largeStep : MemoEditor.step
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        switch Int32(key) {
        case GDK_KEY_Right, GDK_KEY_KP_Right: model.send(.editorHandleNudged(handle, by: rightToLeft ? -step : step))
        case GDK_KEY_Left, GDK_KEY_KP_Left: model.send(.editorHandleNudged(handle, by: rightToLeft ? step : -step))
        case GDK_KEY_Up: model.send(.editorHandleNudged(handle, by: step))
        case GDK_KEY_Down: model.send(.editorHandleNudged(handle, by: -step))
        case GDK_KEY_Home: model.send(.editorHandleMoved(handle, to: 0))
        case GDK_KEY_End: model.send(.editorHandleMoved(handle, to: .greatestFiniteMagnitude))
        default: return false
        }
        return true
    }

    // MARK: Drawing

    /// Draws the editor of `state`; returns whether the page is to be shown.
    @discardableResult
    func render(_ state: MemosState) -> Bool {
        guard let editor = state.editor, let memo = state.memo(editor.memoID) else {
            shown = nil
            dragged = nil
            return false
        }
        let listening = state.editorListening?.position
        let isFirst = shown == nil
        guard isFirst || shown?.editor != editor || shown?.listening != listening || shown?.saving != state.isSavingEdit
        else { return true }
        shown = (editor, listening, state.isSavingEdit)
        adw_window_title_set_subtitle(OpaquePointer(windowTitle), texts.title(of: memo))
        waveform.editor = editor
        waveform.cursor = listening
        placeHandles(editor)
        let maximum = editor.duration
        let start = MemoEditor.clockText(editor.start, maximum: maximum)
        let end = MemoEditor.clockText(editor.end, maximum: maximum)
        let length = MemoEditor.clockText(editor.selectionLength, maximum: maximum)
        // Translators: the editor's selection, "0:01.2 – 0:05.0 · 0:03.8 selected".
        timesLabel.text = tr("{start} – {end} · {length} selected").filling([
            "start": start, "end": end, "length": length,
        ])
        label(startHandle, tr("Start of selection, {time}").filling(["time": start]), value: editor.start, editor)
        label(endHandle, tr("End of selection, {time}").filling(["time": end]), value: editor.end, editor)
        listenButton.label = listening == nil ? tr("Listen") : tr("Stop")
        let free = !state.isSavingEdit
        saveButton.isSensitive = free && editor.hasChanges
        trimButton.isSensitive = free && editor.isPartial
        deleteButton.isSensitive = free && editor.isPartial
        cancelButton.isSensitive = free
        return true
    }

    private func label(_ handle: UnsafeMutablePointer<GtkWidget>, _ text: String, value: Double, _ editor: MemoEditor) {
        GValues.setAccessibleLabel(handle, text)
        gtk_widget_set_tooltip_text(handle, text)
        GValues.setAccessibleNumbers(
            handle,
            [
                (GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0), (GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, editor.duration),
                (GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, value),
            ])
    }

    /// Puts each handle's middle on its time: handles sit at the area's start edge, moved along by their margin
    /// (which GTK mirrors right to left, as the waveform's time runs).
    private func placeHandles(_ editor: MemoEditor) {
        let width = Double(gtk_widget_get_width(waveform.widget))
        for (handle, seconds) in [(startHandle, editor.start), (endHandle, editor.end)] {
            let along = editor.duration > 0 ? seconds / editor.duration * width : 0
            gtk_widget_set_margin_start(handle, gint(max(along.rounded() - Double(Self.handleHalfWidth), 0)))
        }
    }

    /// Places the handles again once the waveform has its width (the first render comes before the layout).
    func relayout() {
        if let editor = shown?.editor { placeHandles(editor) }
    }

    /// Where the page's parts are, in X window coordinates, for the `editor` line.
    func geometry(in window: UnsafeMutablePointer<GtkWidget>) -> [(String, JSONValue)] {
        let wave = windowPoint(waveform.widget, in: window, x: 0, y: 0)
        let parts: [(String, UnsafeMutablePointer<GtkWidget>)] = [
            ("startHandle", startHandle), ("endHandle", endHandle), ("listen", listenButton.widget),
            ("trim", trimButton.widget), ("delete", deleteButton.widget), ("save", saveButton.widget),
            ("cancel", cancelButton.widget),
        ]
        var fields: [(String, JSONValue)] = parts.map { name, part in
            (name, windowCenter(part, in: window).map(point) ?? nil)
        }
        fields.append(
            (
                "waveform",
                wave.map {
                    [
                        "x": .number($0.x), "y": .number($0.y),
                        "width": .number(Double(gtk_widget_get_width(waveform.widget))),
                        "height": .number(Double(gtk_widget_get_height(waveform.widget))),
                    ]
                } ?? nil
            ))
        return fields
    }
}
