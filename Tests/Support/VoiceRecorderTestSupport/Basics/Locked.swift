import Synchronization

/// A value shared between threads, behind a `Mutex`: a reference to hand to callbacks, threads and `@Sendable`
/// closures, where a `Mutex` itself (which cannot be copied) cannot go.
public final class Locked<Value: ~Copyable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: consuming sending Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, no other thread touching it meanwhile, and returns what `body` returns.
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock(body)
    }
}

extension Locked where Value: Copyable {
    /// A copy of the value as it is now.
    public var value: Value { withLock { $0 } }
}

extension Locked where Value: Sendable {
    /// Replaces the value.
    public func set(_ newValue: Value) { withLock { $0 = newValue } }
}
