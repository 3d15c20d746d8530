import Foundation

/// The bytes of the file at `path`, read without the layer under test.
func contents(of path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Bytes that differ from one position to the next, so a byte out of place shows.
func pattern(count: Int, seed: Int = 0) -> [UInt8] {
    (0 ..< count).map { UInt8(truncatingIfNeeded: ($0 &+ seed) &* 31 &+ ($0 >> 9)) }
}
