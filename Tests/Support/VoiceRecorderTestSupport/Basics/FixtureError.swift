/// A test fixture (a server, a display, a tool) that could not be set up, in words.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
