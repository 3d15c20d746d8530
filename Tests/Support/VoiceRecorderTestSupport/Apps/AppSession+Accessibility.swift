import Foundation
import Testing

/// The app's accessible tree, as screen readers read it over AT-SPI (needs a session made with `accessibility`).
extension AppSession {
    /// Every application's accessible tree on the session's bus (the app's alone), depth first.
    public func accessibleTree() throws -> [AccessibleNode] {
        try AccessibleTree.read(
            busAddress: try #require(busAddress, "the session has no bus: make it with accessibility"))
    }

    /// The accessible tree once `condition` holds of it, read again and again for up to `timeout` seconds (the tree
    /// follows the window a moment later, over D-Bus); the last tree read when it never does, for the test's checks
    /// to say what it held.
    public func accessibleTree(
        timeout: Double = 5, until condition: ([AccessibleNode]) -> Bool
    ) throws -> [AccessibleNode] {
        var tree = try accessibleTree()
        wait(timeout: timeout, interval: 0.05) {
            if condition(tree) { return true }
            tree = (try? accessibleTree()) ?? tree
            return condition(tree)
        }
        return tree
    }

    /// Sets the value of the first object with `role` named `name`, as a screen reader's adjustment does.
    public func setAccessibleValue(role: String, name: String, to value: Double) throws {
        try AccessibleTree.setValue(busAddress: try #require(busAddress), role: role, name: name, to: value)
    }

    /// Activates the first object with `role` named `name`, as a screen reader's activation does.
    public func activateAccessible(role: String, name: String) throws {
        try AccessibleTree.activate(busAddress: try #require(busAddress), role: role, name: name)
    }
}
