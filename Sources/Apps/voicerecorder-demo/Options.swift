import ArgumentParsing

/// The command line, declared (its help is made from the declarations).
struct Options: Sendable {
    var simulated = false
    var accessDenied = false
    var rightToLeft = false
    var dark = false
    var textScale: Double?
    var width = 420
    var preview = false

    /// A text scale or a width: a number above 0.
    private static let aboveZero = ArgumentValue<Double>(
        placeholder: "X", expected: "a number above 0", describe: { _ in nil }
    ) { text in Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }

    static let command = Command(
        "voicerecorder-demo", abstract: "a chat window around the hold-to-record control",
        discussion: """
            A chat window: sent voice messages above (play, stop, and press or drag on a waveform to seek), a message
            entry wrapped by the hold-to-record control below. Hold the mic to record and let go to send; slide toward
            the leading edge to discard; slide up to lock hands-free. With the mic focused (Tab), hold Space to record;
            Return starts a hands-free take, and sends it; Escape deletes it.
            """,
        defaults: Options(),
        options: [
            .flag(
                "--simulated", \.simulated,
                help: """
                    record the simulated voice instead of the microphone (the microphone falls back to it, saying so on \
                    standard error, when no capture source is reachable)
                    """),
            .value(
                "--access", \.accessDenied, .choice([(word: "granted", value: false), (word: "denied", value: true)]),
                help: """
                    use the source as it is, or one whose access is refused: pressing the mic then shows \
                    "Microphone access is off" with its Settings action
                    """),
            .flag("--rtl", \.rightToLeft, help: "lay the window out right to left"),
            .flag("--dark", \.dark, help: "use the dark appearance: the whole window and the control"),
            .value(
                "--text-scale", \.textScale, aboveZero,
                help: "draw the control at text scale X (1 to 1.4 grows it; default: the desktop's)"),
            .value(
                "--width", \.width, .integer("PX", atLeast: 1),
                help: "open the window PX pixels wide (the control's reaches follow its width)"),
            .flag(
                "--preview", \.preview,
                help: """
                    turn on pause and preview: a locked take pauses from the bubble above the send button, to be \
                    listened to, trimmed at both ends with the handles, resumed or sent (paused: Space plays)
                    """),
        ],
        footer: """
            Keys:
              Ctrl+D    toggle the control's sensitivity (an insensitive control cancels its take)

            Standard output: one JSON object per line, so scripts can drive the window: first "ready" (the mic's
            centre in window coordinates, "mic": {"x", "y"}, and the control's allocated size, "control": {"width",
            "side", "grow"}: its width and height in pixels and how much it grew with the text), then "control" (the
            same "mic" and "control" again, each time the control's size changes), "phase", "feedback", "hint", "sent"
            ("url", "duration", "samples": their count, "atMaximum"), "cancelled" ("reason"), "tooShort", "failure",
            "sensitive" (after Ctrl+D), "settings" ("opened": the command launched, or null with "reason"), "window"
            ("minimized" and "mapped", as either changes), "message" (a sent message's bubble once shown: "index",
            "play": {"x", "y"} its play button's centre, "waveform": {"x", "y", "width", "height"}, in window
            coordinates), with --preview "listening" ("listening": true or false) and "preview" (after each "phase"
            line for "locked" or "paused" and each "listening" line: "bubble", "play", "startHandle", "endHandle"
            {"x", "y"} and "waveform" {"x", "y", "width", "height"} in window coordinates, null when not shown;
            "length", "kept" {"start", "end"}, "playhead" in seconds and "listening") and "playback" ("state": "playing" with "duration", "position" with "position" several
            times a second, "seeked" with "to", "stopped", "ended" with "position", or "failed" with "message").
            Playback goes to the sound server PulseAudio clients use (PULSE_SERVER); without one, playing fails on
            the message and on a "failed" line. Recording from the sound server (SPEC F), "ready" also carries
            "microphones" [{"name", "description", "default", "selected"}], and the demo prints "microphones"
            ("sources": the same list, on each change), "microphoneWarning" ("kind": muted, silent or none;
            "source", "description"), "banner" ("text", null when hidden) and "toast" ("text": the fallback from a
            remembered microphone that is gone, shown in the banner).
            """)

    /// The options of this process's command line; help or a usage error ends the process here.
    static func fromCommandLine() -> Options { command.valuesOrExit() }
}
