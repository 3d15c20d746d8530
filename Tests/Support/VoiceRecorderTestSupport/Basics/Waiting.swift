import Foundation

/// Checks `condition` every `interval` seconds until it holds or `timeout` seconds have passed, and returns whether
/// it held. The condition is checked once more at the deadline, so a slow last step still counts.
///
/// For waiting on the real world (a process, a server, a window); a unit test moves a virtual clock instead.
@discardableResult
public func wait(timeout: Double, interval: Double = 0.01, until condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        usleep(useconds_t(interval * 1_000_000))
    }
}

/// The same as `wait(timeout:interval:until:)`, suspending between checks instead of blocking the thread: the one
/// an async test gets (Swift picks the `async` overload in an asynchronous context).
@discardableResult
public func wait(timeout: Double, interval: Double = 0.01, until condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        try? await Task.sleep(for: .seconds(interval))
    }
}
