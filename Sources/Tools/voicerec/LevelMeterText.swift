import VoiceRecorder
import VoiceRecorderJSON

/// What the live line shows of pause and preview: whether the paused take is being listened to, and where.
struct PreviewReading {
    let isListening: Bool
    let playhead: Double?
    /// The kept range, when it is not the whole take.
    let trimmed: KeptRange?

    init(_ session: Session) {
        isListening = session.isListening
        playhead = session.playhead
        trimmed = session.keptRange.flatMap { $0.start > 0 || $0.end < session.elapsed ? $0 : nil }
    }
}

/// The terminal's picture of a take: a dot, the clock (or the countdown), and the latest bars as block characters.
enum LevelMeterText {
    private static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The live line for `phase` at `elapsed`, with the take's window loudnesses; `preview` when pause and
    /// preview is on.
    static func line(
        phase: Phase, elapsed: Double, maximum: Double, windows: [Double], preview: PreviewReading? = nil,
        width: Int = 32
    ) -> String {
        let reading = ClockReading(elapsed: elapsed, maximum: maximum)
        var clock = reading.isCountdown ? "\u{1B}[41;30m \(reading.text) left \u{1B}[0m" : reading.text
        var dot = phase == .stopped ? "\u{1B}[90m●\u{1B}[0m" : "\u{1B}[31m●\u{1B}[0m"
        // One bar per 0.1 s: the larger of each pair of 50 ms windows, newest on the right.
        var bars: [Double] = []
        var index = 0
        while index < windows.count {
            bars.append(max(windows[index], index + 1 < windows.count ? windows[index + 1] : 0))
            index += 2
        }
        let shown = bars.suffix(width).map {
            blocks[min(blocks.count - 1, Int(($0 * Double(blocks.count)).rounded(.down)))]
        }
        let padding = String(repeating: " ", count: width - shown.count)
        var help = phase == .stopped ? "Recording stopped · Enter: send · Esc: delete" : "Enter: send · Esc: discard"
        if let preview {
            if phase == .paused {
                // Paused (SPEC D.2): the clock shows the take's length, or the playhead while listening.
                dot = preview.isListening ? "▶" : "⏸"
                if preview.isListening, let playhead = preview.playhead {
                    clock = ClockFormat.text(elapsed: playhead, maximum: maximum)
                }
                if let kept = preview.trimmed {
                    clock += " (keeping \(JSONNumber.text(kept.start))–\(JSONNumber.text(kept.end)) s)"
                }
                help =
                    "p: record on · l: \(preview.isListening ? "stop" : "listen") · [ ]: keep from/to here · "
                    + "Enter: send · Esc: delete"
            } else {
                help = "p: pause · " + help
            }
        }
        return "\(dot) \(clock)  \(padding)\(String(shown))  \(help)"
    }
}
