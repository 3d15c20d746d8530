import VoiceRecorder

extension FFmpegLibraries {
    /// Opens the libraries in the background when a finger first touches `session`'s mic and its takes would be
    /// written through FFmpeg (`needed`: an AAC take; an Opus take never needs them), not when the app starts.
    ///
    /// Why then: the hold lands 0.18 s after touch-down (SPEC A.2) and opening takes about 45 ms, so the first take
    /// still never waits; while an app at rest — most of its life — never maps FFmpeg and the dozens of libraries
    /// libavcodec brings (13.5 MiB of a window's memory and 33–45 ms of its start, docs/BENCHMARKS.md). A take begun
    /// without a touch (a keyboard or screen reader start) opens them as it starts, once.
    public static func loadAtFirstPress(of session: Session, needed: @escaping () -> Bool) {
        var observation: EventObservation<SessionEvent>?
        observation = session.events.observe { event in
            guard case .pressed(true) = event, needed() else { return }
            loadInBackground()
            observation?.cancel()
            observation = nil
        }
    }
}
