import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Screenshots of the demo's window, read back as pixels.
extension DemoSession {
    /// The demo's window as it is on screen now.
    func screenshot() throws -> Screenshot {
        let path = scratch.appendingPathComponent("screenshot-\(UUID().uuidString).ppm").path
        defer { unlink(path) }
        try run("/usr/bin/import", ["-display", ":\(display)", "-window", windowID, "-depth", "8", path])
        return try Screenshot(ppm: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// An RGB image read from a binary PPM (P6, 8 bits a channel), as ImageMagick's `import` writes it.
    struct Screenshot {
        let width: Int, height: Int
        private let pixels: [UInt8]

        init(ppm: Data) throws {
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
            else { throw Failure.timedOut("a readable screenshot (header \(fields))") }
            self.width = width
            self.height = height
            pixels = Array(bytes[index ..< index + width * height * 3])
        }

        /// The mean relative luminance (0 black … 1 white) of the pixels in the rectangle, clipped to the image.
        func meanLuminance(x: Int, y: Int, width w: Int, height h: Int) -> Double {
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
}
