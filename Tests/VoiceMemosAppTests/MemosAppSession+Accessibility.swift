import Foundation
import Testing
import VoiceRecorderTestSupport

/// The app's accessible tree, as screen readers read it over AT-SPI (needs a session made with `accessibility`).
extension MemosAppSession {
    /// Every application's accessible tree on the session's bus (the app's alone), depth first.
    func accessibleTree() throws -> [AccessibleNode] {
        try AccessibleTree.read(busAddress: try #require(busAddress))
    }
}
