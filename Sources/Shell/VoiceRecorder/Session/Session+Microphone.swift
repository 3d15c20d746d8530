import VoiceRecorderCore

/// The microphone (SPEC F): the sources followed beside the takes, the one chosen, and the warnings of a take that
/// records from a muted or silent source. The rule is the core's (`MicrophoneWarningRule`); the session feeds it the
/// phases, the meter and the sources' news, and publishes what it decides. Nothing here delays a take: the sources
/// are followed from the moment `follow` is called, and a server that has not answered yet only means no mute
/// warning until it does (the silent warning needs no server at all).
extension Session {
    /// The sound server's capture sources as last listed (empty until `follow` has heard from the server).
    public var microphones: [Microphone] { microphoneList }
    /// The name of the source chosen for takes (nil: the server's default).
    public var chosenMicrophoneName: String? { chosenMicrophone }
    /// The source the current or next take records from: the chosen one if listed, else the default.
    public var takeMicrophone: Microphone? { microphoneList.recordedFrom(chosen: chosenMicrophone) }
    /// The current take's warning (`.none` between takes).
    public var microphoneWarning: MicrophoneWarning { microphoneRule.warning }

    /// Follows `sources` for the list (published as `.microphones`) and the warnings of every later take (published
    /// as `.microphoneWarning`); a take under way is checked from now. `name` is the source takes record from (nil: the
    /// default). Without a call to this,
    /// a session warns about nothing (a simulated source has no server to ask).
    public func follow(_ sources: MicrophoneSources, recordingFrom name: String?) {
        scheduler.assertOnSessionThread()
        microphoneFollowing?.stop()
        chosenMicrophone = name
        let scheduler = self.scheduler
        microphoneFollowing = sources.follow { [weak self] list in
            scheduler.post { [weak self] in self?.microphonesListed(list) }
        }
        // Followed from within a take (voicerec starts following once its take is on its way): check it from now.
        if phase.isRecording, !microphoneRule.isChecking {
            report(microphoneRule.takeStarted(at: scheduler.now))
            if machine.isAudioStarted { microphoneAudioStarted() }
        }
    }

    /// Records later takes from `source`, the microphone called `name` (nil: the default): a take under way keeps
    /// its own. Access is checked again for the new source.
    public func chooseMicrophone(_ name: String?, source: some AudioSource) {
        scheduler.assertOnSessionThread()
        chosenMicrophone = name
        self.source = source
        let scheduler = self.scheduler
        source.checkAccess { [weak self] status in
            scheduler.post { [weak self] in self?.apply(.accessChecked(status)) }
        }
        if !microphoneRule.isChecking {
            report(microphoneRule.muted(takeMicrophone?.isMuted ?? false, at: scheduler.now))
        }
    }

    // MARK: - Fed by the session

    func microphonesListed(_ list: [Microphone]) {
        guard list != microphoneList else { return }
        microphoneList = list
        emit(.microphones(list))
        report(microphoneRule.muted(takeMicrophone?.isMuted ?? false, at: scheduler.now))
    }

    func microphonePhaseChanged(from old: Phase, to new: Phase) {
        guard microphoneFollowing != nil else { return }
        if old == .idle, new.isRecording {
            report(microphoneRule.takeStarted(at: scheduler.now))
        } else if !new.isRecording, microphoneRule.isChecking {
            report(microphoneRule.takeEnded())
        }
    }

    func microphoneAudioStarted() {
        report(microphoneRule.audioStarted(at: scheduler.now))
    }

    func checkMicrophone(loudestPeak: Double) {
        report(microphoneRule.peak(loudestPeak, at: scheduler.now))
    }

    /// Publishes a change of warning, with the muted hint in the capsule (SPEC F.2).
    private func report(_ change: MicrophoneWarning?) {
        guard let change else { return }
        if change == .muted { showHint(.microphoneMuted) }
        emit(.microphoneWarning(change, source: takeMicrophone))
    }
}
