import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The Voice Memos window (SPEC B.10): a header bar (Recently Deleted, the title, search, the main menu), a search
/// bar, the memo list or its empty state, and the hold-to-record control at the bottom; Recently Deleted as a
/// second page; toasts over both; the model's alerts as dialogs.
///
/// It translates and draws: GTK's signals become the model's actions, and `render` draws each new state — the
/// lists, the pages, the toast and the alert — and prints what changed as event lines. The jobs beside building
/// and drawing live in their own files: `+Keys` (shortcuts), `+Lines` (geometry lines), `+Export`.
final class MemosWindow {
    /// The pages of the window.
    enum Page: String { case memos, recentlyDeleted }

    let window: UnsafeMutablePointer<GtkWidget>
    let model: MemosModel
    let recorder: VoiceRecorderWidget
    let options: Options
    let texts: MemoRowText
    let application: UnsafeMutablePointer<AdwApplication>

    private(set) var memoList: MemoListView<MemoRow>!
    private(set) var deletedList: MemoListView<DeletedMemoRow>!
    var alerts: AlertPresenter!
    private var toasts: UndoToastPresenter!
    private var editToasts: UndoToastPresenter!
    private var skipSilence: SkipSilenceMenuItem!
    /// The editor (SPEC I.1), a page over the whole window (`+Editor`).
    private(set) var editorPage: MemoEditorPage!
    private var transcriptWindow: TranscriptWindow!
    /// The window's description (Interface/memos-window.ui) and its menus' (Interface/menus.ui), kept with the
    /// window: their builders hold what the window does not (the main menu).
    private let interface = BuiltInterface(PackageResources.memos_window_ui)
    private let menus = BuiltInterface(PackageResources.menus_ui)

    // The parts of the window its code reaches, found in its description once (a render touches several).
    /// The window's content: the memos and the control, or the editor.
    let rootPages: Stack
    let pages: Stack
    private let memosContent: Stack
    private let deletedContent: Stack
    private let failedPage: UnsafeMutablePointer<GtkWidget>
    private let windowTitle: UnsafeMutablePointer<GtkWidget>
    let deletedButton: Button
    let backButton: Button
    let searchButton: Button
    let menuButton: UnsafeMutablePointer<GtkWidget>
    let searchBar: SearchBar
    let searchEntry: TextField
    let toastOverlay: UnsafeMutablePointer<GtkWidget>
    private let recordBar: Widget
    /// The main menu's "Recording format" (SPEC G), remembered in the settings file.
    private(set) var recordingFormat: RecordingFormatMenu!
    /// The main menu's "Microphone" and the banner of a take's microphone warnings (SPEC F; `+Microphone`).
    var microphoneMenu: MicrophoneMenu?
    var microphoneBanner: MicrophoneBanner?
    /// The banner's button as last reported (`bannerButton` lines).
    var bannerReport = BannerReport()

    private(set) var page = Page.memos
    private(set) var lastState = MemosState()
    /// The playback on the desktop's media controls (SPEC J.2), told each state.
    var mediaPlayer: MediaPlayerService?
    /// Whether the machine saves power, for older memos' transcription (SPEC E.1).
    var powerWatch: PowerWatch?
    /// Where dragged-out memos' copies are made (SPEC J.3).
    let dragCopies = MemoDragCopies()
    /// The memo the person last asked to play (a play that fails as it starts is named after it).
    private var requestedPlay: UUID?
    var isReady = false
    var reportedView: String?
    /// The last `editorLayout` line printed.
    var reportedEditor: JSONValue?
    /// The view each page stack shows, as `showView` last set it (a render on every position report sets nothing).
    private var shownViews: [UnsafeMutableRawPointer: String] = [:]
    /// When this frame's before-paint, layout and paint phases ended (µs; 0: not this frame), for `--frame-lines`.
    var phaseEnds: [gint64] = [0, 0, 0]

    init(application: UnsafeMutablePointer<AdwApplication>, composition: Composition, options: Options) {
        self.application = application
        self.options = options
        model = composition.model
        texts = MemoRowText(locale: model.dependencies.locale, timeZone: model.dependencies.timeZone)
        window = interface.window("window").widget
        rootPages = interface.stack("root-pages")
        pages = interface.stack("pages")
        memosContent = interface.stack("memos-content")
        deletedContent = interface.stack("deleted-content")
        failedPage = interface.widget("failed-page")
        windowTitle = interface.widget("title")
        deletedButton = interface.button("deleted-button")
        backButton = interface.button("back-button")
        searchButton = interface.button("search-button")
        menuButton = interface.widget("menu-button")
        searchBar = interface.searchBar("search-bar")
        searchEntry = interface.textField("search-entry")
        toastOverlay = interface.widget("toast-overlay")
        recordBar = Widget(interface.widget("record-bar"))
        gtk_window_set_application(cast(window), upcast(application))
        recorder = VoiceRecorderWidget(
            content: Self.recordHint, session: composition.session,
            messages: AppText.recorderMessages)
        // The control's own line, after the control drew it and before the model (which starts observing when the
        // window is up) makes its own lines of it.
        composition.session.events.observe { event in
            if let line = SessionLines.line(for: event) { EventLine.print(line) }
        }
        recordingFormat = RecordingFormatMenu(
            recorder: recorder, setting: RecordingFormatSetting(url: FileMemoSettings.defaultURL())
        ) { format in EventLine.print(["event": "recordingFormat", "format": .string(format.rawValue)]) }
        recordingFormat.install(on: window)
        setUpMicrophone(composition)
        build()
    }

    // MARK: - Building

    private func build() {
        let context = RowContext(
            model: model, texts: texts, export: { [weak self] id in self?.export(id) },
            playRequested: { [weak self] id in self?.requestedPlay = id },
            dragFile: { [weak self] id in self?.dragFile(of: id) },
            openTranscript: { [weak self] id in self?.openTranscript(id) })
        memoList = MemoListView(name: "memos", accessibleName: tr("Memos")) { MemoRow(context: context) }
        deletedList = MemoListView(name: "recentlyDeleted", accessibleName: tr("Recently Deleted")) { [weak self] in
            DeletedMemoRow(context: context) { id, title in
                self?.alerts.confirmDeleteForever(title: title) { self?.model.send(.deleteForever(id)) }
            }
        }
        alerts = AlertPresenter(window: window, model: model)
        transcriptWindow = TranscriptWindow(model: model, parent: window, texts: texts)
        toasts = UndoToastPresenter(overlay: toastOverlay, model: model)
        editToasts = UndoToastPresenter(overlay: toastOverlay, model: model)
        editorPage = MemoEditorPage(model: model, texts: texts)
        skipSilence = SkipSilenceMenuItem(window: window, model: model)

        // What the description cannot hold: the widgets made in code, the menu's sections, the signals.
        connectHeaderBar()
        connectSearchBar()
        if let microphoneBanner {
            interface.box("main-column").insert(microphoneBanner.widget, after: searchBar.widget)
        }
        pages.showOnly(Page.memos.rawValue)
        memosContent.add(memoList.widget, named: "list")
        deletedContent.add(deletedList.widget, named: "list")
        fillRecordBar()
        addEditorPage()
        connectKeys()
        acceptDroppedFiles()
        dragCopies.removeLeftovers()
        watchPresence()
        AccessibleNames.fix(under: window)
        setTitle(AppText.appName)
        model.onChange = { [weak self] state in self?.render(state) }
    }

    private func connectHeaderBar() {
        deletedButton.onClicked { [weak self] in self?.show(.recentlyDeleted) }
        backButton.onClicked { [weak self] in self?.show(.memos) }
        AccessibleMenuButton.name(menuButton, tr("Main menu"))
        // Its fixed items are described in Interface/menus.ui; the recording formats and microphones are added here.
        let menu = menus.menu("main-menu")
        g_menu_append_section(menu, nil, UnsafeMutablePointer(recordingFormat.section))
        if let microphoneMenu { g_menu_append_section(menu, nil, UnsafeMutablePointer(microphoneMenu.section)) }
        AccessibleMenuButton.setMenu(UnsafeMutablePointer(menu), of: menuButton, named: tr("Main menu"))
    }

    private func connectSearchBar() {
        searchBar.connect(searchEntry)
        // As you type (SPEC B.9): GTK's search entry waits a moment after the last key, the model filters.
        Signals.connect(UnsafeMutableRawPointer(searchEntry.widget), "search-changed") { [weak self] in
            guard let self else { return }
            model.send(.searchChanged(searchEntry.text))
        }
    }

    /// The take's live words and the hold-to-record control, in the record bar at the bottom of the memos page.
    private func fillRecordBar() {
        let column = interface.box("record-column")
        column.append(liveTranscript.widget)
        column.append(recorder.widget)
        gtk_widget_set_margin_start(liveTranscript.widget, 24)
        gtk_widget_set_margin_end(liveTranscript.widget, 96)
        gtk_widget_set_margin_top(liveTranscript.widget, 10)
        // Room around the control: the swollen mic and the glass's shadow spill past its row.
        gtk_widget_set_margin_start(recorder.widget, 18)
        gtk_widget_set_margin_end(recorder.widget, 18)
        gtk_widget_set_margin_top(recorder.widget, 10)
        gtk_widget_set_margin_bottom(recorder.widget, 18)
    }

    private let liveTranscript = LiveTranscriptBand()

    /// What the control wraps: no field (a memo's title is typed in its row, once one knows what was said), only a
    /// dim line saying what the mic does. Screen readers hear that from the mic itself, so the line is hidden from
    /// them.
    private static var recordHint: UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(AppText.recorderMessages.holdToRecord)!
        label.addClasses("dim-label", "record-hint")
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
        GValues.setAccessibleHidden(label)
        return label
    }

    /// Shows the view `name` of a page's stack (to screen readers too), when it is not the one shown.
    private func showView(of stack: Stack, _ name: String) {
        guard shownViews[UnsafeMutableRawPointer(stack.widget)] != name else { return }
        shownViews[UnsafeMutableRawPointer(stack.widget)] = name
        stack.showOnly(name)
    }

    // MARK: - Pages

    /// Shows `page`: the memos (with the control), or Recently Deleted.
    func show(_ page: Page) {
        guard page != self.page else { return }
        self.page = page
        // Screen readers too: the other page was read beside this one ("No Recently Deleted Memos" under the memos).
        pages.showOnly(page.rawValue)
        setTitle(page == .memos ? AppText.appName : tr("Recently Deleted"))
        deletedButton.isVisible = page == .memos
        backButton.isVisible = page != .memos
        recordBar.isVisible = page == .memos
        if page == .memos { gtk_widget_grab_focus(recorder.micButton) } else { backButton.grabFocus() }
        render(model.state)
    }

    /// The header's title, which screen readers read by it (else they would hear "AdwWindowTitle").
    private func setTitle(_ title: String) {
        adw_window_title_set_title(OpaquePointer(windowTitle), title)
        GValues.setAccessibleLabel(windowTitle, title)
    }

    // MARK: - Drawing

    /// Draws `state` and prints what changed since the last one.
    func render(_ state: MemosState) {
        let old = lastState
        lastState = state
        memoList.show(state.visibleMemos, state: state)
        deletedList.show(state.recentlyDeleted, state: state)
        let searching = !state.searchText.trimmingCharacters(in: .whitespaces).isEmpty
        if case .failed(let message) = state.library {
            adw_status_page_set_description(OpaquePointer(failedPage), message)
            showView(of: memosContent, "failed")
        } else {
            showView(of: memosContent, state.visibleMemos.isEmpty ? (searching ? "noResults" : "empty") : "list")
        }
        showView(of: deletedContent, state.recentlyDeleted.isEmpty ? (searching ? "noResults" : "empty") : "list")
        // A take records into the memo list: Recently Deleted waits until it is kept.
        deletedButton.isSensitive = state.take == nil
        adw_window_title_set_subtitle(OpaquePointer(windowTitle), subtitle(for: state))
        toasts.render(state.pendingUndo.map(UndoOffer.delete))
        editToasts.render(state.pendingEditUndo.map(UndoOffer.edit))
        renderEditor(state)
        skipSilence.render(state)
        alerts.render(state.alert)
        transcriptWindow.render(state)
        liveTranscript.render(state.take)

        if EventLine.isRead {
            for line in StateEvents.lines(from: old, to: state, requestedPlay: requestedPlay) { EventLine.print(line) }
        }
        if old.library.isUsable, state.library == old.library, state.memos.count > old.memos.count,
            let newest = state.visibleMemos.first, old.memo(newest.id) == nil
        {
            memoList.scrollToTop()
        }
        mediaPlayer?.render(state)
        // Last: telling the model draws its next state, which must come after this one.
        if let text = state.textToCopy, old.textToCopy == nil { copy(text) }
        showImportProblems(state.importProblems)
    }

    /// Opens a memo's transcript view (its row's line, or Show Transcript in its menu).
    func openTranscript(_ id: UUID) { model.send(.transcriptOpened(id)) }

    /// Copy Transcript: the text on the clipboard, a toast saying so, and the model told.
    private func copy(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(window), text)
        AccessibleNames.show(adw_toast_new(AppText.transcriptCopied), on: toastOverlay)
        EventLine.print(["event": "clipboard", "text": .string(text)])
        model.send(.transcriptCopied)
    }

    private func subtitle(for state: MemosState) -> String? {
        let count = page == .memos ? state.visibleMemos.count : state.recentlyDeleted.count
        guard count > 0 else { return nil }
        return tr("{count} memo", "{count} memos", count: count)
    }
}
