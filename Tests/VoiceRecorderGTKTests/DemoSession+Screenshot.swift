import Foundation
import VoiceRecorderTestSupport

/// Screenshots of the demo's window, read back as pixels.
extension DemoSession {
    /// The demo's window as it is on screen now.
    func screenshot() throws -> Screenshot { try screen.screenshot(of: windowID) }
}
