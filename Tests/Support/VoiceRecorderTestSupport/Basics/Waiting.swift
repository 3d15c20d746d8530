import Foundation

/// Checks `condition` every `interval` seconds until it holds or `timeout` seconds have passed, and returns whether
/// it held. The condition is checked once more at the deadline, so a slow last step still counts.
///
/// For waiting on the real world (a process, a server, a window); a unit test moves a virtual clock instead. The
/// deadline is on the monotonic clock: the wall clock can be stepped (a virtual machine's time being set), which
/// once ended a 4 s wait after 2.
@discardableResult
public func wait(timeout: Double, interval: Double = 0.01, until condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        usleep(useconds_t(interval * 1_000_000))
    }
}

/// The same as `wait(timeout:interval:until:)`, suspending between checks instead of blocking the thread: the one
/// an async test gets (Swift picks the `async` overload in an asynchronous context).
@discardableResult
public func wait(timeout: Double, interval: Double = 0.01, until condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .seconds(interval))
    }
}

/// Lets `seconds` of wall time pass: the one fixed wait of the tests, for what is measured in time itself — how long
/// a press is held or a take records when that length is what is checked, a tap's shortness, a pause or a listen that
/// must last, a finger's pace. Everything a program or a server does in answer is waited for with
/// `wait(timeout:until:)`; each call says why no event can stand in for the time.
public func letTimePass(_ seconds: Double) {
    guard seconds > 0 else { return }
    usleep(useconds_t(seconds * 1_000_000))
}

/// The same as `letTimePass(_:)`, suspending instead of blocking the thread: the one an async test gets.
public func letTimePass(_ seconds: Double) async {
    guard seconds > 0 else { return }
    try? await Task.sleep(for: .seconds(seconds))
}
