import Foundation
import VoiceRecorder

/// The microphone of a scripted run: its access state comes from the options, its answer to an access question
/// from the script's `access` lines, and its audio is the simulated source's (on virtual time, there is no device).
/// `@unchecked Sendable`: `status` and `pendingAnswer` are read and written under `lock`; `audio` is a `let`
final class VirtualMicrophone: AudioSource, @unchecked Sendable {
    private let lock = NSLock()
    private var status: AccessStatus
    private var pendingAnswer: (@Sendable (Bool) -> Void)?
    private let audio: SimulatedAudioSource

    init(access: AccessStatus, audio: SimulatedAudioSource) {
        status = access
        self.audio = audio
    }

    func accessStatus() -> AccessStatus { lock.withLock { status } }

    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) {
        lock.withLock { pendingAnswer = completion }
    }

    /// The person answers the open question (if one is open).
    func answer(granted: Bool) {
        let completion = lock.withLock {
            defer { pendingAnswer = nil }
            status = granted ? .granted : .denied
            return pendingAnswer
        }
        completion?(granted)
    }

    func makeCapture() throws -> AudioCapture { try audio.makeCapture() }
}
