import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// What a row needs from the window: the model to send actions to, the texts, and the window's own jobs (export,
/// event lines).
struct RowContext {
    let model: MemosModel
    let texts: MemoRowText
    /// Asks where to export a memo's audio, and exports it.
    let export: (UUID) -> Void
    /// The person asked to play this memo (the event lines name a play that failed as it started).
    let playRequested: (UUID) -> Void
    /// The file a drag of this memo's row carries out (SPEC J.3), or nil for no drag.
    let dragFile: (UUID) -> URL?
    /// Opens a memo's transcript view.
    let openTranscript: (UUID) -> Void
}

/// One memo in the list (SPEC B.3): play/stop, the title as an entry ("New Recording N", or the first words said,
/// when empty; saved as typed), the date with its recovered/missing marks, the transcript line (SPEC E.3), a menu
/// (Rename, Edit…, Revert to Original, Show Transcript, Copy Transcript, Export…, Delete); below, the waveform with
/// the progress over it, the duration (the position while playing) in monospaced digits, and the speed.
///
/// It only translates and draws: every press and keystroke becomes one of the model's actions, and `render` draws
/// the state it is given. Made on demand by the list view and bound to one memo id at a time.
final class MemoRow: ListRow {
    /// The row's description (Interface/memo-row.ui), kept with the row: its builder holds the parts.
    private let interface = BuiltInterface(PackageResources.memo_row_ui)
    let widget: UnsafeMutablePointer<GtkWidget>
    private(set) var memoID: UUID?
    /// The list item this row is the child of (for its position in the list).
    var listItem: OpaquePointer?

    let playButton: Button
    let titleEntry: TextField
    let speedButton: Button
    let menuButton: UnsafeMutablePointer<GtkWidget>
    let waveform = WaveformView()
    /// The transcript's first words, its state, or a search result's snippet (SPEC E.3, E.4).
    let transcriptLine: MemoRowTranscriptLine
    private let dateLabel: Label
    private let recoveredMark: Label
    private let missingMark: Label
    private let timeLabel: Label
    let context: RowContext
    /// Set while the row itself changes the entry's text, so that change is not taken for typing.
    private var isSettingTitle = false
    /// The last accessible label given to the list item (set only when it changes).
    private var itemLabel = ""
    private var playIcon = ""
    /// Whether the speed button is shown (a new button is, until the first update says otherwise).
    private var isShowingSpeed = true
    /// The texts and flags last handed to GTK, by part: a render (on every position report, for every row the list
    /// keeps, about 33) sets only what changed. Setting a tooltip alone asked the X server where the pointer was.
    private var shown: [Part: String] = [:]
    /// Whether the tooltips are set (see `installTooltipsOnFirstHover`), and the play button's.
    private var hasTooltips = false
    private var playTooltip = tr("Play")
    /// Revert to Original, offered only for a memo that was edited (SPEC I.1); the action group keeps it alive.
    var revertAction: OpaquePointer?
    /// Enhance Recording's check mark (SPEC I.3), and the switch it shows.
    var enhanceAction: OpaquePointer?
    private var shownEnhanced = false

    private enum Part: Hashable {
        case placeholder, date, marks, time, playLabel, playTooltip, playSensitive, speed, position
    }

    /// Runs `apply` when `value` differs from what `part` shows.
    private func show(_ part: Part, _ value: String, _ apply: () -> Void) {
        guard shown[part] != value else { return }
        shown[part] = value
        apply()
    }
    var lastGeometry: JSONValue?

    init(context: RowContext) {
        self.context = context
        widget = interface.widget("row")
        playButton = interface.button("play")
        titleEntry = interface.textField("title")
        dateLabel = interface.label("date")
        recoveredMark = interface.label("recovered")
        missingMark = interface.label("missing")
        timeLabel = interface.label("time")
        speedButton = interface.button("speed")
        menuButton = interface.widget("menu")
        transcriptLine = MemoRowTranscriptLine(model: context.model)
        transcriptLine.openTranscript = context.openTranscript
        build()
        connect()
    }

    /// What the description cannot hold: the parts made in code (the transcript line, the waveform) and the menu,
    /// given when it is first opened.
    private func build() {
        interface.box("column").append(transcriptLine.button)
        interface.box("bottom").prepend(waveform.widget)
        AccessibleMenuButton.name(menuButton, tr("Memo menu"))
        // The menu is made when it is first opened, not with the row: the list keeps about 33 rows, and
        // a popover menu for each was most of what making one cost.
        gtk_menu_button_set_create_popup_func(
            cast(menuButton),
            { button, _ in
                guard let button, gtk_menu_button_get_menu_model(button) == nil else { return }
                AccessibleMenuButton.setMenu(
                    upcast(MemoRow.menu), of: UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkWidget.self),
                    named: tr("Memo menu"))
            }, nil, nil)
        installActions()
        installTooltipsOnFirstHover()
        // Dragged out (onto a file manager, a chat window), the row is its memo's audio file.
        FileDragAndDrop.offerFile(from: widget) { [weak self] in
            guard let self, let id = memoID else { return nil }
            return context.dragFile(id)
        }
        // What the tooltips will say, for screen readers from the start (a screen reader does not hover).
        for (part, text) in Self.tooltips(of: self) {
            GValues.setAccessible(part, [(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)])
        }
    }

    /// Each part's tooltip, but the play button's (which follows playback).
    private static func tooltips(of row: MemoRow) -> [(UnsafeMutablePointer<GtkWidget>, String)] {
        [
            (row.recoveredMark.widget, tr("Kept from a recording that was cut short")),
            (row.missingMark.widget, tr("Its audio file is gone")), (row.menuButton, tr("Memo Menu")),
            (row.speedButton.widget, tr("Playback Speed")),
        ]
    }

    /// Tooltips are set when the pointer first comes over the row, not when it is made: in GTK 4.8 setting one asks
    /// the X server where the pointer is (a round trip), and the list makes about 33 rows at once.
    private func installTooltipsOnFirstHover() {
        let motion = gtk_event_controller_motion_new()!
        Signals.connectPoint(UnsafeMutableRawPointer(motion), "enter") { [weak self] _, _ in
            guard let self, !hasTooltips else { return }
            hasTooltips = true
            for (part, text) in Self.tooltips(of: self) { gtk_widget_set_tooltip_text(part, text) }
            playButton.tooltip = playTooltip
        }
        gtk_widget_add_controller(widget, motion)
    }

    private func connect() {
        playButton.onClicked { [weak self] in self?.togglePlay() }
        speedButton.onClicked { [weak self] in
            guard let self else { return }
            context.model.send(.speedChosen(context.model.state.speed.next))
        }
        titleEntry.onChanged { [weak self] in
            guard let self, !isSettingTitle, let id = memoID else { return }
            let text = titleEntry.text
            context.model.send(.titleEdited(id, text))
        }
        Signals.connect(UnsafeMutableRawPointer(titleEntry.widget), "activate") { [weak self] in
            guard let self, let id = memoID else { return }
            context.model.send(.titleEditingEnded(id))
            playButton.grabFocus()
        }
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in
            guard let self, let id = memoID else { return }
            context.model.send(.titleEditingEnded(id))
            // Left, the field shows the title from its start again, not where the typing ended.
            gtk_editable_set_position(cast(titleEntry.widget), 0)
        }
        gtk_widget_add_controller(titleEntry.widget, focus)
        waveform.onSeek = { [weak self] fraction in
            guard let self, let id = memoID, let memo = context.model.state.memo(id) else { return }
            context.model.send(.seek(id, to: fraction * memo.duration))
        }
    }

    /// The menu's actions, for this row's memo: Rename, Export…, Delete.
    // MARK: Binding and drawing

    func bind(_ id: UUID) {
        memoID = id
        lastGeometry = nil
    }

    func unbind() {
        memoID = nil
        lastGeometry = nil
    }

    func render(_ memo: Memo, in state: MemosState) {
        let id = memo.id
        let texts = context.texts
        let isPlaying = state.isPlaying(id)
        let position = state.position(of: id)

        let shown = titleEntry.text
        if shown != memo.title {
            isSettingTitle = true
            titleEntry.text = memo.title
            isSettingTitle = false
        }
        let placeholder = texts.placeholder(for: memo)
        show(.placeholder, placeholder) { gtk_entry_set_placeholder_text(cast(titleEntry.widget), placeholder) }
        let date = texts.date(of: memo)
        show(.date, date) { dateLabel.text = date }
        show(.marks, "\(memo.isRecovered) \(memo.isMissing)") {
            recoveredMark.isVisible = memo.isRecovered
            missingMark.isVisible = memo.isMissing
        }
        let time = texts.time(of: memo, playingAt: isPlaying ? position : nil)
        show(.time, time) { timeLabel.text = time }

        let icon = isPlaying ? "media-playback-stop-symbolic" : "media-playback-start-symbolic"
        if icon != playIcon {
            playIcon = icon
            playButton.iconName = icon
            // The memo that plays stands out: its stop button in the accent colour.
            if isPlaying {
                gtk_widget_add_css_class(playButton.widget, "suggested-action")
            } else {
                gtk_widget_remove_css_class(playButton.widget, "suggested-action")
            }
        }
        let playLabel = texts.playButtonLabel(of: memo, isPlaying: isPlaying)
        show(.playLabel, playLabel) { GValues.setAccessibleLabel(playButton.widget, playLabel) }
        playTooltip = isPlaying ? tr("Stop") : tr("Play")
        show(.playTooltip, playTooltip) {
            if hasTooltips {
                playButton.tooltip = playTooltip
            } else {
                GValues.setAccessible(playButton.widget, [(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, playTooltip)])
            }
        }
        // The microphone must not record the speaker: nothing plays while a take records.
        let sensitive = !(state.isRecording && !isPlaying)
        show(.playSensitive, "\(sensitive)") { playButton.isSensitive = sensitive }

        // One speed for the app, shown once: in the row being listened to (SPEC B.4). Elsewhere the button keeps
        // its place, unseen and out of reach (pointer, keyboard, screen readers), so the waveform beside it never
        // changes width as a memo starts to play.
        let showsSpeed = state.speedShownFor == memo.id
        if showsSpeed != isShowingSpeed {
            isShowingSpeed = showsSpeed
            gtk_widget_set_opacity(speedButton.widget, showsSpeed ? 1 : 0)
            gtk_widget_set_can_target(speedButton.widget, showsSpeed ? 1 : 0)
            gtk_widget_set_focusable(speedButton.widget, showsSpeed ? 1 : 0)
            GValues.setAccessibleHidden(speedButton.widget, !showsSpeed)
        }
        let speed = state.speed.label
        show(.speed, speed) {
            speedButton.label = speed
            // "1.5×" reads the same in every direction (right to left, bidi would show "×1.5").
            if let label = gtk_button_get_child(cast(speedButton.widget)) {
                gtk_widget_set_direction(label, GTK_TEXT_DIR_LTR)
            }
            GValues.setAccessibleLabel(speedButton.widget, tr("Playback speed {speed}").filling(["speed": speed]))
        }

        waveform.waveform = memo.waveform
        if let revertAction { g_simple_action_set_enabled(revertAction, memo.isEdited ? 1 : 0) }
        if let enhanceAction, memo.isEnhanced != shownEnhanced {
            shownEnhanced = memo.isEnhanced
            g_simple_action_set_state(enhanceAction, g_variant_new_boolean(shownEnhanced ? 1 : 0))
        }
        waveform.progress = memo.duration > 0 ? min(max(position / memo.duration, 0), 1) : 0
        waveform.showsCursor = isPlaying || position > 0
        // Translators: the waveform's value as a screen reader reads it, "0:12 of 1:30".
        let spokenPosition = tr("{position} of {duration}").filling([
            "position": texts.position(position, in: memo), "duration": texts.duration(of: memo),
        ])
        show(.position, spokenPosition) { waveform.setAccessibleValue(spokenPosition) }

        // The list item (the row's parent) is what screen readers land on: it reads "<title>, <date>, <duration>".
        transcriptLine.render(memo, in: state)

        let label = texts.accessibleLabel(of: memo)
        if label != itemLabel, let item = gtk_widget_get_parent(widget) {
            itemLabel = label
            GValues.setAccessibleLabel(item, label)
        }
    }

    /// Where the row's parts are, in X window coordinates, for the `row` line.
    func geometry(in window: UnsafeMutablePointer<GtkWidget>) -> [(String, JSONValue)]? {
        guard let play = windowCenter(playButton.widget, in: window),
            let title = windowCenter(titleEntry.widget, in: window),
            let menu = windowCenter(menuButton, in: window),
            let wave = windowPoint(waveform.widget, in: window, x: 0, y: 0)
        else { return nil }
        // The speed only where it is shown (the row being listened to); null elsewhere.
        let speed: JSONValue = isShowingSpeed ? windowCenter(speedButton.widget, in: window).map(point) ?? nil : nil
        // A search result's snippet, which plays from just before its word (SPEC E.5); null elsewhere.
        let line = transcriptLine.isShown ? windowCenter(transcriptLine.button, in: window).map(point) ?? nil : nil
        let snippet: JSONValue = transcriptLine.showsSnippet ? line ?? nil : nil
        return [
            ("play", point(play)), ("title", point(title)), ("speed", speed), ("menu", point(menu)),
            ("snippet", snippet), ("transcriptLine", line ?? nil),
            (
                "waveform",
                [
                    "x": .number(wave.x), "y": .number(wave.y),
                    "width": .number(Double(gtk_widget_get_width(waveform.widget))),
                    "height": .number(Double(gtk_widget_get_height(waveform.widget))),
                ]
            ),
        ]
    }

    /// The widget whose centre says whether the row can be clicked (inside the list's visible part).
    var anchor: UnsafeMutablePointer<GtkWidget> { playButton.widget }
}

/// A point as the event lines write it.
func point(_ point: (x: Double, y: Double)) -> JSONValue { ["x": .number(point.x), "y": .number(point.y)] }
