import CPulseAudio
import Foundation
import VoiceRecorder

/// The microphone as the sound server offers it (SPEC C): access is granted when the server is reachable and has
/// the capture source to record from (the named one, or a default), denied otherwise. There is nothing to ask on a
/// desktop, so `requestAccess` answers the same way.
public struct PulseAudioSource: AudioSource {
    /// The server address, or nil for the default.
    public let server: String?
    /// The source to record from, or nil for the server's default source.
    public let device: String?
    /// `application.name` shown by sound settings.
    public let applicationName: String
    /// How long the server may take to answer a probe.
    public let timeout: Double

    /// A source of takes recorded from `device` (nil: the default source) on `server` (nil: the default server).
    public init(
        server: String? = nil, device: String? = nil, applicationName: String = "Voice Recorder", timeout: Double = 3
    ) {
        self.server = server
        self.device = device
        self.applicationName = applicationName
        self.timeout = timeout
    }

    /// Connects, finds the capture source takes would come from, and disconnects. The error says why not, in words
    /// people can read ("Connection refused", "There is no capture source named …").
    public func probe() -> Result<SourceInfo, PulseAudioError> {
        Result { () throws(PulseAudioError) -> SourceInfo in
            let connection = try PulseConnection.open(
                server: server, applicationName: applicationName, timeout: timeout)
            defer { connection.close() }
            let operation = "pa_context_get_source_info_by_name"
            if let device {
                guard let source = try connection.source(named: device, timeout: timeout) else {
                    throw .noEntity("There is no capture source named “\(device)”.", operation: operation)
                }
                return source
            }
            guard let name = try connection.defaultSourceName(timeout: timeout) else {
                throw .noEntity("The sound server has no capture source.", operation: "pa_context_get_server_info")
            }
            guard let source = try connection.source(named: name, timeout: timeout) else {
                throw .noEntity("The default capture source “\(name)” is missing.", operation: operation)
            }
            return source
        }
    }

    /// Every capture source of the server (microphones and monitors), for choosing a device.
    public func listSources() throws(PulseAudioError) -> [SourceInfo] {
        let connection = try PulseConnection.open(server: server, applicationName: applicationName, timeout: timeout)
        defer { connection.close() }
        return try connection.sources(timeout: timeout)
    }

    /// Without asking the server (which may take a while): granted, since a desktop has nothing to ask. A session
    /// hears the real answer from `checkAccess` moments later; a take started before then that finds no source ends
    /// as a capture that could not start.
    public func accessStatus() -> AccessStatus { .granted }

    /// `.granted` when `probe()` finds the source, `.denied` otherwise: probed on a thread of its own, so the
    /// caller never waits for the server (about a millisecond without one, a few with one, up to `timeout` for one
    /// that does not answer).
    public func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) {
        let source = self
        Thread.detachNewThread { completion(source.probedAccess()) }
    }

    /// Answers as `checkAccess` does (granted when the probe finds the source), from a thread of its own.
    public func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) {
        checkAccess { completion($0 == .granted) }
    }

    /// The probe's verdict, blocking for as long as the probe takes.
    func probedAccess() -> AccessStatus {
        switch probe() {
        case .success: .granted
        case .failure: .denied
        }
    }

    /// A new, stopped capture of this source.
    public func makeCapture() throws -> AudioCapture {
        PulseAudioCapture(server: server, device: device, applicationName: applicationName, connectTimeout: timeout)
    }
}
