import Foundation
import Synchronization
import VoiceRecorder

/// The microphone of a scripted run: its access state comes from the options, its answer to an access question
/// from the script's `access` lines, and its audio is the simulated source's (on virtual time, there is no device).
final class VirtualMicrophone: AudioSource, Sendable {
    private struct Access {
        var status: AccessStatus
        var pendingAnswer: (@Sendable (Bool) -> Void)?
    }

    private let access: Mutex<Access>
    private let audio: SimulatedAudioSource

    init(access: AccessStatus, audio: SimulatedAudioSource) {
        self.access = Mutex(Access(status: access))
        self.audio = audio
    }

    func accessStatus() -> AccessStatus { access.withLock { $0.status } }

    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) {
        access.withLock { $0.pendingAnswer = completion }
    }

    /// The person answers the open question (if one is open).
    func answer(granted: Bool) {
        let completion = access.withLock { access in
            defer { access.pendingAnswer = nil }
            access.status = granted ? .granted : .denied
            return access.pendingAnswer
        }
        completion?(granted)
    }

    func makeCapture() throws -> AudioCapture { try audio.makeCapture() }
}
