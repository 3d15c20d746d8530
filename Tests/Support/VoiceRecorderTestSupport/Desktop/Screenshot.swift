import Foundation
import Glibc

/// An RGB image read from a binary PPM (P6, 8 bits a channel), as ImageMagick's `import` writes it.
public struct Screenshot: Sendable {
    public let width: Int, height: Int
    private let pixels: [UInt8]

    public init(ppm: Data) throws {
        let bytes = [UInt8](ppm)
        // The header is four whitespace-separated fields: "P6", width, height, maximum; one whitespace byte then
        // ends it and the pixels follow.
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count && ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            fields.append(String(decoding: bytes[start ..< index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            fields[3] == "255", bytes.count - index >= width * height * 3
        else { throw FixtureError("the screenshot is not a readable PPM (header \(fields))") }
        self.width = width
        self.height = height
        pixels = Array(bytes[index ..< index + width * height * 3])
    }

    /// The mean relative luminance (0 black … 1 white) of the pixels in the rectangle, clipped to the image.
    public func meanLuminance(x: Int, y: Int, width w: Int, height h: Int) -> Double {
        var sum = 0.0
        var count = 0
        for row in max(y, 0) ..< min(y + h, height) {
            for column in max(x, 0) ..< min(x + w, width) {
                let offset = (row * width + column) * 3
                sum +=
                    (0.2126 * Double(pixels[offset]) + 0.7152 * Double(pixels[offset + 1])
                        + 0.0722 * Double(pixels[offset + 2])) / 255
                count += 1
            }
        }
        return count == 0 ? 0 : sum / Double(count)
    }
}

extension VirtualDisplay {
    /// Runs xdotool against this display and returns its output.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        try ChildProcess.output(of: "/usr/bin/xdotool", arguments, environment: environment)
    }

    /// The X window `window` (an id as xdotool gives it) as it is on screen now.
    public func screenshot(of window: String) throws -> Screenshot {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("screenshot-\(UUID().uuidString).ppm")
        defer { unlink(path.path) }
        try save(window, to: path.path)
        return try Screenshot(ppm: Data(contentsOf: path))
    }

    /// Saves the X window `window` (or the whole screen: `"root"`) as an image at `path`, its format chosen by
    /// the extension (`.png` for the README).
    public func save(_ window: String, to path: String) throws {
        try ChildProcess.output(
            of: "/usr/bin/import", ["-display", name, "-window", window, "-depth", "8", path],
            environment: environment)
    }
}
