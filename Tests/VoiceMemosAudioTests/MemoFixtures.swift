import Foundation
import Testing
import VoiceMemos
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderOpus
import VoiceRecorderTestSupport

/// The player's tests share private sound servers' timing on a two-core machine: they run one at a time.
@Suite(.serialized) struct PulseAudioMemoPlayerTests {}

/// A memo's file: `seconds` of a 440 Hz tone written by the package's own AAC writer (a real `.m4a`), in a fresh
/// directory removed when the value goes away.
final class MemoFile {
    let directory: URL
    let url: URL

    /// `seconds` of a tone as a memo's file: an AAC `.m4a`, or with `opus` an Ogg Opus `.ogg` (SPEC G).
    init(seconds: Double, frequency: Double = 440, opus: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicememos-audio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        url = directory.appendingPathComponent(opus ? "memo.ogg" : "memo.m4a")
        let writer: TakeWriter = opus ? try OggOpusTakeWriter(url: url) : try M4ATakeWriter(url: url)
        let frames = Int(seconds * 24_000)
        var written = 0
        while written < frames {
            let count = min(2_400, frames - written)
            try writer.append(
                (written ..< written + count).map {
                    0.5 * Float(sin(2 * .pi * frequency * Double($0) / 24_000))
                })
            written += count
        }
        _ = try writer.finish()
    }

    /// Another file in the same directory, holding `bytes`.
    func sibling(_ name: String, bytes: [UInt8]) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

/// What a playback reported, when (seconds since the log was made), and whether two reports ever overlapped.
final class ReportLog: @unchecked Sendable {
    struct Entry {
        let report: PlaybackReport
        let at: Double
        /// How many marks (`mark()`) had been made when the report arrived.
        let marks: Int
    }

    private let lock = NSLock()
    private var list: [Entry] = []
    private var markCount = 0
    private var inFlight = 0
    private var overlapped = false
    private let start = Date()

    /// The closure to give to `play`.
    var reports: @Sendable (PlaybackReport) -> Void {
        { [self] report in
            lock.withLock {
                inFlight += 1
                if inFlight > 1 { overlapped = true }
            }
            let at = Date().timeIntervalSince(start)
            lock.withLock {
                list.append(Entry(report: report, at: at, marks: markCount))
                inFlight -= 1
            }
        }
    }

    /// Notes that something happened (a seek returned, a rate changed): later entries carry the new count.
    func mark() { lock.withLock { markCount += 1 } }

    /// Seconds since the log was made.
    var now: Double { Date().timeIntervalSince(start) }

    var entries: [Entry] { lock.withLock { list } }
    var didOverlap: Bool { lock.withLock { overlapped } }

    /// The positions, with their times.
    var positions: [(position: Double, at: Double, marks: Int)] {
        entries.compactMap { entry in
            if case .position(let seconds) = entry.report { (seconds, entry.at, entry.marks) } else { nil }
        }
    }

    /// The endings (`.finished`, `.failed`), with their times.
    var endings: [(report: PlaybackReport, at: Double)] {
        entries.compactMap { entry in
            if case .position = entry.report { nil } else { (entry.report, entry.at) }
        }
    }

    var lastPosition: Double { positions.last?.position ?? 0 }
}

/// The slope of `position` over `at` (least squares): memo seconds per second of listening.
func slope(_ points: [(position: Double, at: Double)]) -> Double {
    let count = Double(points.count)
    guard count > 1 else { return 0 }
    let meanX = points.map(\.at).reduce(0, +) / count
    let meanY = points.map(\.position).reduce(0, +) / count
    let covariance = points.map { ($0.at - meanX) * ($0.position - meanY) }.reduce(0, +)
    let variance = points.map { ($0.at - meanX) * ($0.at - meanX) }.reduce(0, +)
    return variance > 0 ? covariance / variance : 0
}

/// Whether `values` never go down.
func isMonotonic(_ values: [Double]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
}

/// The longest wait between consecutive times.
func longestGap(_ times: [Double]) -> Double {
    zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0
}

/// Runs a test body with its own sound server, kept awake (`SoundServer.keepAwake()`) so timings measure the player.
func withAwakeSoundServer<T>(_ body: (SoundServer) async throws -> T) async throws -> T {
    try await withSoundServer { server in
        try server.keepAwake()
        return try await body(server)
    }
}
