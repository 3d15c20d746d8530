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
        -> Outcome
    {
        guard actual.width == reference.width, actual.height == reference.height, actual.isARGB, reference.isARGB
        else {
            return Outcome(
                sameSize: false, differingPixels: actual.width * actual.height,
                totalPixels: actual.width * actual.height, largestDelta: 255, matches: false)
        }
        let width = actual.width
        let height = actual.height
        var differing = 0
        var largest = 0
        func scan(_ d: UnsafeMutablePointer<UInt8>?, _ dStride: Int) {
            actual.withPixels { a, aStride in
                reference.withPixels { r, rStride in
                    for y in 0 ..< height {
                        for x in 0 ..< width {
                            let ai = y * aStride + x * 4
                            let ri = y * rStride + x * 4
                            var delta = 0
                            for channel in 0 ..< 4 {
                                delta = max(delta, abs(Int(a[ai + channel]) - Int(r[ri + channel])))
                            }
                            largest = max(largest, delta)
                            let differs = delta > channelTolerance
                            if differs { differing += 1 }
                            guard let d else { continue }
                            // Differences in opaque magenta over a faint grey copy of the actual image.
                            let grey = UInt8(Int(a[ai + 1]) / 4)
                            let pixel: (UInt8, UInt8, UInt8, UInt8) =
                                differs
                                ? (0xFF, 0x00, 0xFF, 0xFF)
                                : (grey, grey, grey, 0x40)  // B, G, R, A in memory on little-endian machines
                            let di = y * dStride + x * 4
                            d[di] = pixel.0
                            d[di + 1] = pixel.1
                            d[di + 2] = pixel.2
                            d[di + 3] = pixel.3
                        }
                    }
                }
            }
        }
        if let diff { diff.withPixels { scan($0, $1) } } else { scan(nil, 0) }
        let total = width * height
        return Outcome(
            sameSize: true, differingPixels: differing, totalPixels: total, largestDelta: largest,
            matches: Double(differing) / Double(total) <= maximumDifferingFraction)
    }
}

/// Checks a rendered image against its reference PNG, as snapshot-testing libraries do: in record mode it writes the
/// reference and still FAILS (saying it was written), so a run in record mode can never pass as a test; a missing
/// reference fails too (with the actual image written out to look at); a mismatch writes the actual image and a diff.
struct SnapshotAssertion {
    /// Set this environment variable to 1 to (re)write the references; the run then fails, naming what it wrote.
    static let recordVariable = "VOICERECORDER_RECORD_SNAPSHOTS"

    /// Where the committed references live.
    var referenceDirectory: URL
    /// Where a failing check leaves the actual image and the diff.
    var failureDirectory: URL
    /// Whether to write the references instead of comparing with them.
    var recording: Bool
    var comparison = SnapshotComparison()

    /// The snapshot tests' own: references beside this file, failures in the temporary directory, recording when
    /// the environment asks for it.
    static let standard = SnapshotAssertion(
        referenceDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots", isDirectory: true),
        failureDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("voicerecorder-snapshot-failures", isDirectory: true),
        recording: ProcessInfo.processInfo.environment[recordVariable] == "1")

    func reference(_ name: String) -> URL { referenceDirectory.appendingPathComponent("\(name).png") }

    /// Checks `image` against the reference called `name`: nil when it matches, otherwise why the check failed.
    func verify(_ image: CairoImageSurface, named name: String) throws -> String? {
        let referenceURL = reference(name)
        if recording {
            try FileManager.default.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
            try image.writePNG(to: referenceURL.path)
            return "recorded the reference \(referenceURL.path); look at it, then run again without "
                + "\(Self.recordVariable)=1 to compare with it"
        }
        try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let actualPath = failureDirectory.appendingPathComponent("\(name)-actual.png").path
        guard FileManager.default.fileExists(atPath: referenceURL.path) else {
            try image.writePNG(to: actualPath)
            return "no reference for \(name) at \(referenceURL.path) (the actual image is at \(actualPath)): "
                + "record it with \(Self.recordVariable)=1"
        }
        let reference = try CairoImageSurface(contentsOfPNG: referenceURL.path)
        let diff = try CairoImageSurface(width: image.width, height: image.height)
        let outcome = comparison.compare(image, with: reference, diff: diff)
        guard !outcome.matches else { return nil }
        let diffPath = failureDirectory.appendingPathComponent("\(name)-diff.png").path
        try image.writePNG(to: actualPath)
        if outcome.sameSize { try diff.writePNG(to: diffPath) }
        let difference =
            outcome.sameSize
            ? "\(outcome.differingPixels) of \(outcome.totalPixels) pixels"
            : "size \(image.width)×\(image.height) vs \(reference.width)×\(reference.height)"
        return "snapshot \(name) differs from \(referenceURL.path): \(difference) (largest channel delta "
            + "\(outcome.largestDelta)); actual: \(actualPath)\(outcome.sameSize ? ", diff: \(diffPath)" : "")"
    }
}
