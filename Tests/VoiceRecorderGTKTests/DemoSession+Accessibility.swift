import Foundation
import Testing
import VoiceRecorderTestSupport

/// The demo's accessible tree, as screen readers read it over AT-SPI (needs a session made with `accessibility`).
extension DemoSession {
    /// Every application's accessible tree on the session's bus (the demo's alone), depth first.
    func accessibleTree() throws -> [AccessibleNode] {
        try AccessibleTree.read(busAddress: try #require(busAddress))
    }
}
