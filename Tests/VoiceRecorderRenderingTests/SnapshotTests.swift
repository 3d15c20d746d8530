import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderRendering

/// Every state of the control, rendered headless and compared with the reference PNGs in `Snapshots/`.
///
/// Record (or re-record) the references with `VOICERECORDER_RECORD_SNAPSHOTS=1 swift test --filter
/// VoiceRecorderRenderingTests`; look at them before committing. A mismatch leaves the actual image and a diff in
/// `$TMPDIR/voicerecorder-snapshot-failures/` and says so.
@Suite("Control snapshots", .serialized)
struct SnapshotTests {
    /// The control's width in every snapshot, in points, and the pixels per point.
    static let width = 340.0
    static let scale = 1.0

    @Test("renders like its reference", arguments: SampleScene.allCases)
    func matchesReference(_ sample: SampleScene) throws {
        let image = try ControlSnapshot.render(sample.scene(width: Self.width), scale: Self.scale)
        let name = sample.rawValue
        let referenceURL = SnapshotFiles.reference(name)

        if SnapshotFiles.isRecording {
            try FileManager.default.createDirectory(at: SnapshotFiles.referenceDirectory,
                                                    withIntermediateDirectories: true)
            try image.writePNG(to: referenceURL.path)
            print("recorded snapshot \(referenceURL.path)")
            return
        }
        guard FileManager.default.fileExists(atPath: referenceURL.path) else {
            Issue.record("no reference for \(name) at \(referenceURL.path): record it with \(SnapshotFiles.recordVariable)=1")
            return
        }
        let reference = try CairoImageSurface(contentsOfPNG: referenceURL.path)
        let diff = try CairoImageSurface(width: image.width, height: image.height)
        let outcome = SnapshotComparison().compare(image, with: reference, diff: diff)
        guard !outcome.matches else { return }

        try FileManager.default.createDirectory(at: SnapshotFiles.failureDirectory, withIntermediateDirectories: true)
        let actualPath = SnapshotFiles.failureDirectory.appendingPathComponent("\(name)-actual.png").path
        let diffPath = SnapshotFiles.failureDirectory.appendingPathComponent("\(name)-diff.png").path
        try image.writePNG(to: actualPath)
        if outcome.sameSize { try diff.writePNG(to: diffPath) }
        Issue.record("""
            snapshot \(name) differs from \(referenceURL.path): \
            \(outcome.sameSize ? "\(outcome.differingPixels) of \(outcome.totalPixels) pixels" : "size \(image.width)×\(image.height) vs \(reference.width)×\(reference.height)") \
            (largest channel delta \(outcome.largestDelta)); actual: \(actualPath)\(outcome.sameSize ? ", diff: \(diffPath)" : "")
            """)
    }
}
