import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderRendering

/// Every state of the control, rendered headless and compared with the reference PNGs in `Snapshots/`.
///
/// Record (or re-record) the references with `VOICERECORDER_RECORD_SNAPSHOTS=1 swift test --filter
/// VoiceRecorderRenderingTests` (that run fails, naming each reference it wrote); look at them, commit them, and run
/// again without the variable. A mismatch leaves the actual image and a diff in
/// `$TMPDIR/voicerecorder-snapshot-failures/` and says so.
@Suite("Control snapshots", .serialized)
struct SnapshotTests {
    /// The control's width in every snapshot, in points, and the pixels per point.
    static let width = 340.0
    static let scale = 1.0

    @Test("renders like its reference", arguments: SampleScene.allCases)
    func matchesReference(_ sample: SampleScene) throws {
        let image = try ControlSnapshot.render(sample.scene(width: Self.width), scale: Self.scale)
        if let failure = try SnapshotAssertion.standard.verify(image, named: sample.rawValue) {
            Issue.record(Comment(rawValue: failure))
        }
    }
}
