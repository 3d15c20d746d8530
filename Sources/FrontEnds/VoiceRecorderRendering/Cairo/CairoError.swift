import CPangoCairo

/// A failure reported by cairo: its status code, cairo's own message for it, and what was being done.
public struct CairoError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The raw `cairo_status_t` value.
    public let status: UInt32
    /// cairo's description of the status.
    public let message: String
    /// What was being done when cairo reported it.
    public let operation: String

    /// A failure with `status` while doing `operation`.
    init(status: cairo_status_t, operation: String) {
        self.status = status.rawValue
        message = String(cString: cairo_status_to_string(status))
        self.operation = operation
    }

    public var description: String { "cairo: \(operation) failed: \(message) (status \(status))" }

    /// Throws when `status` is not success.
    static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CairoError(status: status, operation: operation())
    }
}
