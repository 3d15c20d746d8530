import Foundation
import VoiceRecorderCore

/// Pause and preview (SPEC D), when the session was made with `preview: true`: pause a take, listen to it, move
/// the playhead, trim its start and end, record on, and send only the kept range. Calls out of turn are ignored,
/// as in A.11; with preview off every one of them is.
extension Session {
    /// Whether pause and preview are on.
    public var preview: Bool { machine.preview }

    /// Pauses the take: from hands-free, or from held (locks and pauses at once). Capture stops; the file stays
    /// open with everything recorded so far; phase `paused`.
    public func pause() { apply(.pause) }
    /// Paused → records on into the same take and file, hands-free. The kept range becomes the whole take again.
    public func resume() { apply(.resume) }
    /// Paused: listens from the playhead to the end of the kept range (from its start when the playhead is at its
    /// end). Reaching the end puts the playhead back at the start of the kept range.
    public func play() { apply(.play) }
    /// Stops listening; the playhead stays where it is.
    public func pausePlayback() { apply(.pausePlayback) }
    /// Moves the playhead to `seconds` of the take, inside the kept range; listening goes on from there.
    public func seek(to seconds: Double) { apply(.seek(to: seconds)) }
    /// Keeps only `start`…`end` seconds of the take (from its first sample) when it is sent. Clamped to the take,
    /// never shorter than the minimum duration (nor 0.1 s); the playhead stays inside.
    public func trim(start: Double, end: Double) { apply(.trim(start: start, end: end)) }

    /// Where the playhead is, in seconds of the take; nil unless paused.
    public var playhead: Double? { machine.playhead(at: scheduler.now) }
    /// The part of the paused take that Send keeps; nil unless paused.
    public var keptRange: KeptRange? { machine.keptRange }
    /// Whether the paused take is being listened to.
    public var isListening: Bool { machine.isListening }

    /// Feeds one input on the preview's parts (the pause/mic bubble, the play button, the waveform, the handles).
    public func handle(_ input: PreviewInput) {
        scheduler.assertOnSessionThread()
        perform(control.handle(input, phase: phase, takeLength: machine.paused?.length ?? 0, at: scheduler.now))
    }

    /// Tells the control where the paused take's waveform lies, so presses on it read as times (nil: not shown).
    public func setWaveformTrack(_ track: WaveformTrack?) {
        scheduler.assertOnSessionThread()
        control.setWaveformTrack(track)
    }

    // MARK: - Effects

    /// The take has just paused: its whole waveform so far is shown, its file made readable, and the machine told
    /// the take's length as the file holds it.
    func keepPaused(_ take: Int) {
        guard let pipeline = pipelines[take] else { return }
        windows.append(contentsOf: pipeline.meterReading(from: windows.count).windows)
        do {
            try pipeline.writer.flush()
        } catch {
            emit(
                .failure(
                    SessionFailure(
                        .playback,
                        tr("The recording could not be made ready to listen to: {reason}").filling([
                            "reason": "\(error)"
                        ]))))
        }
        apply(.measuredLength(take: take, seconds: pipeline.meteredDuration))
    }

    /// Records on into the paused take's file with a new capture.
    func resumeCapture(_ take: Int) {
        guard let pipeline = pipelines[take] else { return }
        let capture: AudioCapture
        do {
            capture = try source.makeCapture()
        } catch {
            emit(
                .failure(
                    SessionFailure(
                        .microphone, tr("Could not start the microphone: {reason}").filling(["reason": "\(error)"]))))
            return scheduler.post { [weak self] in self?.apply(.audioFailed(take: take)) }
        }
        if let writeError = pipeline.resume(with: capture) {
            // The file could take no more before the pause: it still can't; the take goes back to paused.
            pipeline.stopCapture()
            return scheduler.post { [weak self] in self?.fileFailed(take, writeError) }
        }
        run(capture, into: pipeline)
    }

    func startPlayback(_ take: Int, from: Double, until: Double) {
        let wasListening = playback != nil
        playback?.stop()
        playback = nil
        guard let pipeline = pipelines[take] else { return }
        let started: TakePlayback
        do {
            started = try players.makePlayback(of: pipeline.writer.url, from: from, until: until)
        } catch {
            emit(
                .failure(
                    SessionFailure(
                        .playback, tr("The recording could not be played: {reason}").filling(["reason": "\(error)"]))))
            return scheduler.post { [weak self] in self?.apply(.playbackEnded) }
        }
        playback = started
        if !wasListening { emit(.listening(true)) }
        updateTicker()
        let scheduler = self.scheduler
        started.start { [weak self, weak started] event in
            scheduler.post { [weak self, weak started] in
                // News from a playback that a seek or a stop replaced is old news.
                guard let self, let started, self.playback === started else { return }
                switch event {
                case .position(let seconds): self.apply(.playbackPosition(seconds))
                case .reachedEnd: self.apply(.playbackEnded)
                case .failed(let message):
                    self.emit(.failure(SessionFailure(.playback, message)))
                    self.apply(.playbackEnded)
                }
            }
        }
    }

    func stopPlayback() {
        guard let stopping = playback else { return }
        playback = nil
        stopping.stop()
        emit(.listening(false))
        updateTicker()
    }

    /// Sends a trimmed take (SPEC D.5): the writer keeps only the kept frames and says which it plays (from the
    /// first coded frame inside the range), and the recording reports those, their duration and their own windows.
    /// A file that cannot be cut is deleted rather than sent whole: the person cut that audio away.
    func deliverKept(_ pipeline: TakePipeline, kept: KeptRange, stopping capture: AudioCapture?) {
        let all = pipeline.framesSeen
        let wanted = kept.frames()
        let frames = min(wanted.lowerBound, all) ..< min(wanted.upperBound, all)
        windows = []
        // Finished off the session's thread, as a whole take is (`deliver`).
        scheduler.runOffThread {
            capture?.stop()
            pipeline.waitUntilWritten()
            return Result { try pipeline.writer.finish(keeping: frames) }
        } then: { [weak self] finished in
            self?.sentKept(pipeline, finished)
        }
    }

    private func sentKept(_ pipeline: TakePipeline, _ finished: Result<Range<Int>, Error>) {
        let played: Range<Int>
        switch finished {
        case .success(let range): played = range
        case .failure(let error):
            pipeline.writer.discard()
            emit(
                .failure(
                    .file(
                        tr(
                            "The recording could not be cut to the part kept, so it was deleted rather than sent whole: {reason}"
                        ).filling(["reason": "\(error)"]), error: error)))
            emit(.cancelled(.interrupted))
            return
        }
        let recording = Recording(
            url: pipeline.writer.url, duration: Double(played.count) / Double(AudioFormat.sampleRate),
            samples: pipeline.samples(keeping: played), keptFrames: played)
        emit(.sent(recording, atMaximum: false))
    }
}

extension Session {
    /// The paused take's recorded length in seconds (what the waveform spans); nil unless paused.
    public var takeLength: Double? { machine.paused?.length }
}
