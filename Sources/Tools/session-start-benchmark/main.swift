// session-start-benchmark: in an app, how long after the hold lands the first audio is in hand (SPEC A.2, A.11).
//
//   session-start-benchmark --device SOURCE [--trials N]     (--help says more)
//
// A Session on the sound server (PULSE_SERVER, or the user's), with the real capture and the real M4A writer, as an
// app runs it. Each trial is one take begun two ways, one after the other:
//   touch   a touch-down on the mic; the hold lands 0.18 s later by the session's own timer (what a finger does)
//   press   `press()` from code, with no touch-down before it (what an app's own push-to-talk button does)
// and measured from the hold landing (the session entering `holding`) to the capture's first buffer arriving (the
// moment `elapsed` starts counting). Each take records 0.4 s, is released (sent) and its file deleted.
// Prints one JSON line: the medians and 90th percentiles in milliseconds, and every trial.
import ArgumentParsing
import Foundation
import Synchronization
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio

struct Arguments: Sendable {
    var device: String?
    var trials = 10
}

let command = Command(
    "session-start-benchmark", abstract: "in a Session, the hold landing -> the first captured audio",
    discussion: """
        Records short takes in a Session on the sound server (PULSE_SERVER, or the user's), begun by a touch-down
        (the hold lands after 0.18 s) and by press() from code, and prints the milliseconds from the hold landing to
        the first captured buffer as one JSON line.
        """,
    defaults: Arguments(),
    options: [
        .value("--device", \.device, .text("SOURCE"), help: "the capture source (default: the server's default)"),
        .value("--trials", \.trials, .integer("N", atLeast: 1), help: "takes of each kind (default 10)"),
    ])
let arguments = command.valuesOrExit()

/// When the first buffer of the latest capture arrived (on the capture's thread), in the scheduler's seconds.
final class FirstBufferClock: Sendable {
    private let arrived = Mutex<Double?>(nil)
    func reset() { arrived.withLock { $0 = nil } }
    func note(_ time: Double) { arrived.withLock { if $0 == nil { $0 = time } } }
    var time: Double? { arrived.withLock { $0 } }
}

/// A capture that notes when its first buffer arrives and otherwise does what the capture it wraps does.
final class TimedCapture: AudioCapture {
    let capture: AudioCapture
    let clock: FirstBufferClock
    let scheduler: SessionScheduler
    init(_ capture: AudioCapture, clock: FirstBufferClock, scheduler: SessionScheduler) {
        self.capture = capture
        self.clock = clock
        self.scheduler = scheduler
    }
    func prepare() { capture.prepare() }
    func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
        let clock = self.clock
        let scheduler = self.scheduler
        capture.start { event in
            if case .started = event { clock.note(scheduler.now) }
            handler(event)
        }
    }
    func stop() { capture.stop() }
}

/// The sound server's source, with every capture timed.
struct TimedSource: AudioSource {
    let source: PulseAudioSource
    let clock: FirstBufferClock
    let scheduler: SessionScheduler
    func accessStatus() -> AccessStatus { source.accessStatus() }
    func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) { source.checkAccess(completion) }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { source.requestAccess(completion) }
    func makeCapture() throws -> AudioCapture {
        TimedCapture(try source.makeCapture(), clock: clock, scheduler: scheduler)
    }
}

/// Milliseconds at `fraction` (0…1) of the sorted values.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

let queue = DispatchQueue(label: "session")
let scheduler = DispatchScheduler(queue: queue)
let clock = FirstBufferClock()
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("session-start-\(UUID().uuidString)")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
// As the apps do: FFmpeg opened in the background at start, so the first take does not wait for it.
FFmpegLibraries.loadInBackground()
let session = queue.sync {
    Session(
        source: TimedSource(source: PulseAudioSource(device: arguments.device), clock: clock, scheduler: scheduler),
        writers: M4ATakeWriterFactory(directory: directory), scheduler: scheduler)
}
let landedAt = Mutex<Double?>(nil)
let failures = Mutex<[String]>([])
queue.sync {
    _ = session.events.observe { @Sendable event in
        switch event {
        case .phase(.holding): landedAt.withLock { $0 = scheduler.now }
        case .failure(let failure): failures.withLock { $0.append(failure.message) }
        case .sent(let recording, _): try? FileManager.default.removeItem(at: recording.url)
        default: break
        }
    }
}
Thread.sleep(forTimeInterval: 0.5)  // the access check answers

/// One take begun by `begin`; the milliseconds from the hold landing to the first buffer, or nil.
func measure(_ begin: @escaping @Sendable (Session) -> Void) -> Double? {
    clock.reset()
    landedAt.withLock { $0 = nil }
    queue.sync { begin(session) }
    let deadline = Date().addingTimeInterval(3)
    while clock.time == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    Thread.sleep(forTimeInterval: 0.4)
    queue.sync {
        if session.phase == .holding { session.handle(.touchUp(Point(x: 360, y: 22))) }
        if session.phase == .holding { session.release() }
    }
    Thread.sleep(forTimeInterval: 0.2)
    guard let landed = landedAt.withLock({ $0 }), let first = clock.time else { return nil }
    return (first - landed) * 1000
}

var touch: [Double] = []
var press: [Double] = []
for _ in 0 ..< arguments.trials {
    if let value = measure({ $0.handle(.touchDown(Point(x: 360, y: 22), fingers: 1)) }) { touch.append(value) }
    if let value = measure({ $0.press() }) { press.append(value) }
}
guard !touch.isEmpty, !press.isEmpty else {
    let reason = failures.withLock { $0.last } ?? "no audio arrived"
    FileHandle.standardError.write(Data("session-start-benchmark: \(reason)\n".utf8))
    exit(1)
}
func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ",") }
print(
    "{\"touch_median_ms\": \(percentile(touch, 0.5)), \"touch_p90_ms\": \(percentile(touch, 0.9)), "
        + "\"press_median_ms\": \(percentile(press, 0.5)), \"press_p90_ms\": \(percentile(press, 0.9)), "
        + "\"touch_ms\": [\(list(touch))], \"press_ms\": [\(list(press))]}")
