import ArgumentParsing
import Foundation

/// The command line, declared (its help is made from the declarations).
struct Options: Sendable {
    var simulated = false
    var dataDirectory: String?
    var accessDenied = false
    var dark = false
    var rightToLeft = false
    var frameLines = false
    /// A memo to play once the window is up (the desktop's search, SPEC J.1), and the second to play it from.
    var play: String?
    var from: Double = 0
    /// A search to open the window on (the desktop's search).
    var search: String?

    static let command = Command(
        "voice-memos", abstract: "keep voice memos: record, find, play, rename and delete them",
        discussion: """
            A GNOME app for voice memos. Hold the microphone at the bottom of the window to record and let go to \
            keep the memo (slide toward the leading edge to throw it away, slide up to record hands-free). Each memo \
            shows its title (type to rename it), date, length and waveform: play it, press or drag on the waveform \
            to move through it, choose 1×, 1.5× or 2×. Deleted memos wait 30 days in Recently Deleted.
            """,
        defaults: Options(),
        options: [
            .flag("--simulated", \.simulated, help: "record the simulated voice instead of the microphone"),
            .value(
                "--data-dir", \.dataDirectory, .path("DIR"),
                help: "keep the memos in DIR instead of $XDG_DATA_HOME/voicerecorder"),
            .value(
                "--access", \.accessDenied, .choice([(word: "granted", value: false), (word: "denied", value: true)]),
                help: """
                    use the microphone as it is, or as if access to it were refused: recording then shows \
                    "Permission is required to record voice memos."
                    """),
            .flag("--dark", \.dark, help: "use the dark appearance (by default the desktop's is followed)"),
            .flag("--rtl", \.rightToLeft, help: "lay the window out right to left"),
            .value("--play", \.play, .text("ID"), help: "play the memo ID once the window is up"),
            .value("--from", \.from, .number("SECONDS", atLeast: 0), help: "with --play: play it from SECONDS into it"),
            .value("--search", \.search, .text("TEXT"), help: "open the window searching for TEXT"),
            .flag(
                "--frame-lines", \.frameLines,
                help: "print a \"frame\" line after each painted frame (its time, layout and paint times, the scroll)"),
        ],
        footer: """
            Keys:
              Space     play or stop the focused memo
              Delete    delete the focused memo (Undo in the toast, or Ctrl+Z, for 5 seconds)
              F2        rename the focused memo
              Ctrl+F    search titles and what was said (or just type, with the focus anywhere but a text field)
              Ctrl+Z    undo the last delete
              Ctrl+Q    quit

            Standard output: one JSON object per line, for scripts: "ready" (the mic's centre in window coordinates \
            "mic": {"x", "y"}, the header buttons' centres "buttons", the number of "memos" and the "recordingFormat"), "recordingFormat" ("format": aac or opus, when \
            it is chosen), "row" (a memo's \
            row laid out or moved: "list", "id", "index", and in window coordinates the centres of its "play", \
            "title", "speed" and "menu" buttons, its "transcriptLine" and, for a search result, its "snippet", and \
            its "waveform" rectangle, or for Recently Deleted its "restore" and "deleteForever" buttons), "view" \
            (the page shown), "memoAdded" ("id", "duration"), "renamed" ("id", \
            "title"), "memoDeleted", "memoRestored", "memoDeletedForever" ("id"), "playback" ("id", "state": \
            playing, position, seeked, stopped, ended or failed, with "position"), "search" ("query": the text searched \
            for, on each change), "searchResults" ("query", "results": [{"id", "time"}]: the memos found by what \
            was said and the time of the word), "transcript" ("id", "state", "text": a memo's transcript as it \
            changes), "transcripts" ("state": unavailable, "reason", when there is no speech engine), \
            "transcriptView" ("id", "state", "words"), "clipboard" ("text", on Copy Transcript), "alert" and \
            "toast" ("text"), the editor's (SPEC I.1) "editor" ("state": opened, selection, listening, listened or \
            closed; "id", "duration", "start", "end", "changed"), "editorLayout" ("start", "end" and in window \
            coordinates the centres of its "startHandle", "endHandle", "listen", "trim", "delete", "save" and \
            "cancel" and its "waveform" rectangle) and "memoEdited" ("id", "duration", "edited"), "skipSilence" \
            ("on": Skip Silences switched, SPEC I.2), "memoEnhanced" ("id", "on": a memo's Enhance switched, SPEC I.3), \
            "exported" ("id", "path", "enhanced"), and \
            the hold-to-record control's "phase", "hint", "sent", "cancelled", "tooShort" and "failure". Recording \
            from the sound server (SPEC F): "ready" also carries "microphones" [{"name", "description", "default", \
            "selected"}], "microphones" ("sources": the same list, on each change), "microphoneWarning" ("kind": \
            muted, silent or none; "source", "description"), "banner" ("text", null when hidden), "bannerButton" \
            ("text", "label", and in window coordinates "x", "y" of its button, once the banner is out) and "toast" \
            ("text": the fallback from a remembered microphone that is gone).
            """)

    /// The options of this process's command line; help or a usage error ends the process here.
    static func fromCommandLine() -> Options { command.valuesOrExit() }
}
