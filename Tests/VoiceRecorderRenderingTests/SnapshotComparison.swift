import Foundation
import VoiceRecorderRendering

/// How two images differ, pixel by pixel, within a tolerance that absorbs antialiasing and font-hinting noise.
struct SnapshotComparison {
    /// A pixel differs when any channel (premultiplied ARGB) moves by more than this, out of 255.
    var channelTolerance: Int = 16
    /// The images match when at most this fraction of pixels differ.
    var maximumDifferingFraction: Double = 0.003

    struct Outcome {
        /// Whether the images have the same size.
        var sameSize: Bool
        /// How many pixels differ beyond the channel tolerance.
        var differingPixels: Int
        /// All pixels compared.
        var totalPixels: Int
        /// The largest channel difference seen.
        var largestDelta: Int
        /// Whether the images match within the tolerances.
        var matches: Bool
        /// The fraction of differing pixels.
        var differingFraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    }

    /// Compares `actual` with `reference`; when `diff` is given, marks every differing pixel in it in opaque magenta
    /// over a faint copy of `actual`.
    func compare(_ actual: CairoImageSurface, with reference: CairoImageSurface, diff: CairoImageSurface? = nil)
        -> Outcome {
        guard actual.width == reference.width, actual.height == reference.height, actual.isARGB, reference.isARGB
        else {
            return Outcome(sameSize: false, differingPixels: actual.width * actual.height,
                           totalPixels: actual.width * actual.height, largestDelta: 255, matches: false)
        }
        let width = actual.width, height = actual.height
        var differing = 0, largest = 0
        func scan(_ d: UnsafeMutablePointer<UInt8>?, _ dStride: Int) {
            actual.withPixels { a, aStride in
                reference.withPixels { r, rStride in
                    for y in 0 ..< height {
                        for x in 0 ..< width {
                            let ai = y * aStride + x * 4, ri = y * rStride + x * 4
                            var delta = 0
                            for channel in 0 ..< 4 { delta = max(delta, abs(Int(a[ai + channel]) - Int(r[ri + channel]))) }
                            largest = max(largest, delta)
                            let differs = delta > channelTolerance
                            if differs { differing += 1 }
                            guard let d else { continue }
                            // Differences in opaque magenta over a faint grey copy of the actual image.
                            let grey = UInt8(Int(a[ai + 1]) / 4)
                            let pixel: (UInt8, UInt8, UInt8, UInt8) = differs ? (0xFF, 0x00, 0xFF, 0xFF)
                                : (grey, grey, grey, 0x40)  // B, G, R, A in memory on little-endian machines
                            let di = y * dStride + x * 4
                            d[di] = pixel.0; d[di + 1] = pixel.1; d[di + 2] = pixel.2; d[di + 3] = pixel.3
                        }
                    }
                }
            }
        }
        if let diff { diff.withPixels { scan($0, $1) } } else { scan(nil, 0) }
        let total = width * height
        return Outcome(sameSize: true, differingPixels: differing, totalPixels: total, largestDelta: largest,
                       matches: Double(differing) / Double(total) <= maximumDifferingFraction)
    }
}

/// Where snapshot references live and where failures are written.
enum SnapshotFiles {
    /// Set this environment variable to 1 to (re)write the references instead of comparing with them.
    static let recordVariable = "VOICERECORDER_RECORD_SNAPSHOTS"

    static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// The committed references, beside this file.
    static let referenceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots", isDirectory: true)

    /// Where a failing run leaves the actual image and the diff.
    static let failureDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("voicerecorder-snapshot-failures", isDirectory: true)

    static func reference(_ name: String) -> URL { referenceDirectory.appendingPathComponent("\(name).png") }
}
