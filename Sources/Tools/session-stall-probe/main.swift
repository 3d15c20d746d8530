// session-stall-probe: does a slow disk ever hold up the session's thread (house rule: the window never waits on
// the disk)? A Session on the sound server (PULSE_SERVER), recording from the server's default source into a real
// file, as an app runs it; a heartbeat on the session's thread every 5 ms notes the longest gap between beats while
// a take is pressed, recorded for the given seconds, released (sent) and finished. Run it with fsync made slow
// (an LD_PRELOAD shim) to see the disk's waits land elsewhere.
//
//   session-stall-probe [--format aac|opus] [--seconds S] [--discard]
//
// Prints one JSON line: {"maxGapMs", "sent", "duration", "discarded"}; exit 1 when the take was neither sent nor
// (with --discard) discarded.
import ArgumentParsing
import Foundation
import Synchronization
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderOpus
import VoiceRecorderPulseAudio

struct Arguments: Sendable {
    var format = TakeFormat.aac
    var seconds = 1.5
    var discard = false
}

let command = Command(
    "session-stall-probe", abstract: "the session thread's longest wait during a take and its ending",
    discussion: """
        Records one take in a Session on the sound server (PULSE_SERVER, or the user's) and prints the longest gap
        between 5 ms heartbeats on the session's thread, from the press to the take's file finished, as JSON.
        """,
    defaults: Arguments(),
    options: [
        .value("--format", \.format, .choice(of: TakeFormat.self), help: "the take's format (default aac)"),
        .value("--seconds", \.seconds, .seconds, help: "how long to record (default 1.5)"),
        .flag("--discard", \.discard, help: "discard the take instead of sending it"),
    ])
let arguments = command.valuesOrExit()

let queue = DispatchQueue(label: "session")
let scheduler = DispatchScheduler(queue: queue)
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stall-\(UUID().uuidString)")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
FFmpegLibraries.loadInBackground()
let writers: TakeWriterFactory =
    arguments.format == .opus
    ? OggOpusTakeWriterFactory(directory: directory) : M4ATakeWriterFactory(directory: directory)
let session = queue.sync { Session(source: PulseAudioSource(), writers: writers, scheduler: scheduler) }
let sent = Mutex<Recording?>(nil)
let discarded = Mutex(false)
queue.sync {
    _ = session.events.observe { @Sendable event in
        if case .sent(let recording, _) = event { sent.withLock { $0 = recording } }
        if case .cancelled = event { discarded.withLock { $0 = true } }
    }
}
Thread.sleep(forTimeInterval: 0.5)  // the access check answers

/// A beat every 5 ms on `queue`, noting the longest time between two beats.
/// `@unchecked Sendable`: `longest` and `last` are touched on `queue` only (the beats, and `stop` through it)
final class Heartbeat: @unchecked Sendable {
    private var longest = 0.0
    private var last: UInt64?
    private let queue: DispatchQueue
    private let timer: DispatchSourceTimer

    init(on queue: DispatchQueue) {
        self.queue = queue
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .milliseconds(5), leeway: .milliseconds(1))
        timer.setEventHandler { [unowned self] in beat() }
        timer.resume()
    }

    private func beat() {
        let now = DispatchTime.now().uptimeNanoseconds
        if let last { longest = max(longest, Double(now - last) / 1e9) }
        last = now
    }

    /// Stops beating; the longest gap seen, in seconds.
    func stop() -> Double {
        queue.sync {
            timer.cancel()
            return longest
        }
    }
}

let heartbeat = Heartbeat(on: queue)
queue.sync { session.press() }
Thread.sleep(forTimeInterval: arguments.seconds)
queue.sync { arguments.discard ? session.cancel() : session.release() }
let deadline = Date().addingTimeInterval(10)
while sent.withLock({ $0 }) == nil, !discarded.withLock({ $0 }), Date() < deadline {
    Thread.sleep(forTimeInterval: 0.01)
}
Thread.sleep(forTimeInterval: 0.3)
let longestGap = heartbeat.stop()
let recording = sent.withLock { $0 }
let line: [String: Any] = [
    "maxGapMs": (longestGap * 1000).rounded(), "sent": recording != nil,
    "duration": recording?.duration ?? 0, "discarded": discarded.withLock { $0 },
]
let data = (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])) ?? Data()
FileHandle.standardOutput.write(data + Data("\n".utf8))
try? FileManager.default.removeItem(at: directory)
exit(recording == nil && !discarded.withLock({ $0 }) ? 1 : 0)
