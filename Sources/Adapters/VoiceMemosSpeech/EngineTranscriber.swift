import Foundation
import VoiceMemos
import VoiceRecorderPOSIX

/// The live `Transcriber` (SPEC E.1): the speech engine as a child process, started when there is work and gone
/// after `idleExit` without any, so an app at rest holds no speech model.
///
/// One job at a time, in the order asked. An engine that dies mid-job, prints a line outside its protocol, or says
/// nothing for `hangLimit` while working fails that job (it is killed if it still runs) and the next job gets a
/// fresh engine. Pausing a job stops the engine's process (SIGSTOP), so a take being recorded gets the CPU;
/// cancelling the running job kills it. Everything happens on one serial queue; reports are made from it.
/// `@unchecked Sendable`: its `var`s are touched on `queue` (serial) only; engine callbacks hop there first
public final class EngineTranscriber: Transcriber, @unchecked Sendable {
    /// Where the engine is installed.
    public let install: SpeechEngineInstall
    /// How long the engine stays with no work before it is asked to exit.
    public let idleExit: Duration
    /// How long a working engine may say nothing before it is taken for hung and killed.
    public let hangLimit: Duration

    private let queue = DispatchQueue(label: "voicerecorder.speech-engine")
    private var engine: EngineProcess?
    private var current: EngineJob?
    private var waiting: [EngineJob] = []
    private var lastHeard = DispatchTime.now()
    /// Counts the times the engine went idle, so a stale idle timer does nothing.
    private var idleCount = 0
    private var nextJobNumber = 0
    /// Told each time an engine process starts and ends (its pid): for tests and tracing.
    private let observer: (@Sendable (EngineEvent) -> Void)?

    /// What happens to engine processes, as `observer` is told.
    public enum EngineEvent: Sendable, Equatable {
        case started(pid: Int32)
        case exited(pid: Int32)
    }

    public init(
        install: SpeechEngineInstall = SpeechEngineInstall(), idleExit: Duration = .seconds(30),
        hangLimit: Duration = .seconds(60), observer: (@Sendable (EngineEvent) -> Void)? = nil
    ) {
        self.install = install
        self.idleExit = idleExit
        self.hangLimit = hangLimit
        self.observer = observer
        // Writing a request to an engine that has just died must fail as an error, not end this process.
        POSIX.ignore(signal: SIGPIPE)
    }

    public func transcribe(_ url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void) -> TranscriptionJob {
        let job = EngineJob(url: url, report: report)
        job.owner = self
        queue.async {
            self.nextJobNumber += 1
            job.requestID = String(self.nextJobNumber)
            self.waiting.append(job)
            self.startNext()
        }
        return job
    }

    /// No engine installed (a damaged model is only found by the engine itself, at a job).
    public var unavailableReason: String? { install.isInstalled ? nil : SpeechEngineInstall.notInstalled }

    /// Whether an engine process is running now (read on the engine's queue).
    public var isEngineRunning: Bool { queue.sync { engine != nil } }

    // MARK: The queue of jobs

    private func startNext() {
        guard current == nil else { return }
        waiting.removeAll { $0.isCancelled }
        guard let index = waiting.firstIndex(where: { !$0.isPaused }) else {
            if waiting.isEmpty { becomeIdle() }
            return
        }
        let job = waiting.remove(at: index)
        guard install.isInstalled else {
            job.deliver(.unavailable(SpeechEngineInstall.notInstalled))
            return startNext()
        }
        do {
            let engine = try runningEngine()
            current = job
            lastHeard = .now()
            guard engine.send(["op": "transcribe", "id": job.requestID, "path": job.url.path]) else {
                return fail(job, "the speech engine could not be given the memo")
            }
            armWatchdog(for: job)
        } catch {
            job.deliver(.failed("the speech engine could not be started: \(error.localizedDescription)"))
            startNext()
        }
    }

    private func runningEngine() throws -> EngineProcess {
        if let engine { return engine }
        // The engine's own threads stay at two (its docs; SPEC E.1's lowest priority is the engine's nice(19)).
        let engine = install.process(threads: 2)
        try engine.start(
            onLine: { [weak self] source, line in
                guard let self else { return }
                self.queue.async { self.heard(line, from: source) }
            },
            onExit: { [weak self] source, status in
                guard let self else { return }
                self.queue.async { self.exited(source, status: status) }
            })
        self.engine = engine
        observer?(.started(pid: engine.processIdentifier))
        return engine
    }

    private func heard(_ line: String, from source: EngineProcess) {
        guard source === engine else { return }
        lastHeard = .now()
        guard let message = EngineMessage(line: line) else {
            // Not the protocol: nothing more it says can be trusted. The next job gets a new engine.
            source.kill()
            engine = nil
            if let job = current { fail(job, "the speech engine answered with something that is not a transcript") }
            return
        }
        switch message {
        case .ready:
            break
        case .unavailable(let reason):
            // The engine exits after this line; every waiting job would hear the same.
            let jobs = [current].compactMap { $0 } + waiting
            current = nil
            waiting.removeAll()
            for job in jobs { job.deliver(.unavailable(reason)) }
        case .progress(let fraction):
            current?.deliver(.progress(fraction))
        case .done(let transcript):
            finish(with: .done(transcript))
        case .failed(let reason):
            finish(with: .failed(reason))
        case .error(let reason):
            finish(with: .failed("the speech engine could not read the request (\(reason))"))
        }
    }

    private func exited(_ source: EngineProcess, status: Int32) {
        observer?(.exited(pid: source.processIdentifier))
        guard source === engine else { return }
        engine = nil
        if let job = current {
            fail(job, "the speech engine stopped while transcribing (exit status \(status))")
        } else {
            startNext()
        }
    }

    private func finish(with report: TranscriptionReport) {
        guard let job = current else { return }
        current = nil
        job.deliver(report)
        startNext()
    }

    /// Ends `job` as failed, the engine killed (a new one serves the next job).
    private func fail(_ job: EngineJob, _ reason: String) {
        if current === job { current = nil }
        engine?.kill()
        engine = nil
        job.deliver(.failed(reason))
        startNext()
    }

    // MARK: Time

    /// Checks every few seconds that the engine still speaks while `job` runs unpaused.
    private func armWatchdog(for job: EngineJob) {
        let check = min(hangLimit, .seconds(5))
        queue.asyncAfter(deadline: .now() + check.timeInterval) { [weak self] in
            guard let self, self.current === job else { return }
            if job.isPaused {
                self.lastHeard = .now()
            } else if DispatchTime.now().uptimeNanoseconds - self.lastHeard.uptimeNanoseconds
                >= UInt64(self.hangLimit.timeInterval * 1e9)
            {
                return self.fail(job, "the speech engine stopped answering for \(Int(self.hangLimit.timeInterval)) s")
            }
            self.armWatchdog(for: job)
        }
    }

    /// With nothing to do, the engine is asked to exit after `idleExit` unless work comes first.
    private func becomeIdle() {
        guard let engine else { return }
        idleCount += 1
        let idle = idleCount
        queue.asyncAfter(deadline: .now() + idleExit.timeInterval) { [weak self] in
            guard let self, self.idleCount == idle, self.current == nil, self.waiting.isEmpty,
                self.engine === engine
            else { return }
            engine.quit()
        }
    }

    // MARK: Jobs' controls (from EngineJob, on any thread)

    fileprivate func paused(_ job: EngineJob) {
        queue.async { if self.current === job { self.engine?.pause() } }
    }

    fileprivate func resumed(_ job: EngineJob) {
        queue.async {
            if self.current === job {
                self.lastHeard = .now()
                self.engine?.resume()
            } else {
                self.startNext()
            }
        }
    }

    fileprivate func cancelled(_ job: EngineJob) {
        queue.async {
            if self.current === job {
                self.current = nil
                self.engine?.kill()
                self.engine = nil
            }
            self.waiting.removeAll { $0 === job }
            self.startNext()
        }
    }
}

/// One job of the engine transcriber. Its report is made under its lock and never after `cancel()` returns.
/// `@unchecked Sendable`: `isOver`, `pausedNow` are under `lock`; `requestID` is used on the owner's queue
private final class EngineJob: TranscriptionJob, @unchecked Sendable {
    let url: URL
    var requestID = ""
    weak var owner: EngineTranscriber?
    private let report: @Sendable (TranscriptionReport) -> Void
    // Recursive: a report's handler may cancel or pause its own job.
    private let lock = NSRecursiveLock()
    private var isOver = false
    private var pausedNow = false

    init(url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void) {
        self.url = url
        self.report = report
    }

    var isCancelled: Bool { lock.withLock { isOver } }
    var isPaused: Bool { lock.withLock { pausedNow } }

    /// Reports `message` unless the job is over; an end (done, failed, unavailable) makes it over.
    func deliver(_ message: TranscriptionReport) {
        lock.withLock {
            guard !isOver else { return }
            if case .progress = message {} else { isOver = true }
            report(message)
        }
    }

    func pause() {
        let changed = lock.withLock { () -> Bool in
            guard !isOver, !pausedNow else { return false }
            pausedNow = true
            return true
        }
        if changed { owner?.paused(self) }
    }

    func resume() {
        let changed = lock.withLock { () -> Bool in
            guard !isOver, pausedNow else { return false }
            pausedNow = false
            return true
        }
        if changed { owner?.resumed(self) }
    }

    func cancel() {
        let changed = lock.withLock { () -> Bool in
            guard !isOver else { return false }
            isOver = true
            return true
        }
        if changed { owner?.cancelled(self) }
    }
}

extension Duration {
    /// The duration in seconds, as Dispatch takes it.
    var timeInterval: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
