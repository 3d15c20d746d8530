import Foundation
import Testing
import VoiceRecorderCore
import VoiceRecorderRendering
import VoiceRecorderTestSupport

/// The comparison the snapshot tests rely on must tell real changes from noise.
@Suite("Snapshot comparison")
struct SnapshotComparisonTests {
    /// A 40 × 20 image filled with `color`, with `marked` pixels (from the top-left, row by row) painted black.
    private func image(_ color: RGBA, marked: Int = 0) throws -> CairoImageSurface {
        let surface = try CairoImageSurface(width: 40, height: 20)
        let context = try CairoContext(surface: surface)
        context.setSource(color)
        context.paint()
        context.setSource(RGBA(red: 0, green: 0, blue: 0))
        for index in 0 ..< marked {
            context.rectangle(Rect(x: Double(index % 40), y: Double(index / 40), width: 1, height: 1))
        }
        context.fill()
        return surface
    }

    @Test("identical images match")
    func identical() throws {
        let outcome = SnapshotComparison().compare(try image(RGBA(hex: 0x808080)), with: try image(RGBA(hex: 0x808080)))
        #expect(outcome.matches)
        #expect(outcome.differingPixels == 0)
    }

    @Test("a shift within the channel tolerance is noise")
    func withinChannelTolerance() throws {
        let outcome = SnapshotComparison().compare(try image(RGBA(hex: 0x808080)), with: try image(RGBA(hex: 0x858585)))
        #expect(outcome.matches)
        #expect(outcome.largestDelta == 5)
    }

    @Test("a shift beyond the channel tolerance is a difference", arguments: [0xA0A0A0, 0xFF8080] as [UInt32])
    func beyondChannelTolerance(_ other: UInt32) throws {
        let outcome = SnapshotComparison().compare(try image(RGBA(hex: 0x808080)), with: try image(RGBA(hex: other)))
        #expect(!outcome.matches)
        #expect(outcome.differingPixels == 800)
    }

    @Test(
        "a few changed pixels pass, more than the allowed fraction fail",
        arguments: [(2, true), (3, false), (40, false)])
    func differingFraction(_ marked: Int, _ matches: Bool) throws {
        // 800 pixels at 0.3 %: 2 may differ, 3 may not.
        let outcome = SnapshotComparison().compare(
            try image(RGBA(hex: 0xFFFFFF), marked: marked),
            with: try image(RGBA(hex: 0xFFFFFF)))
        #expect(outcome.differingPixels == marked)
        #expect(outcome.matches == matches)
    }

    @Test("images of different sizes never match")
    func differentSizes() throws {
        let other = try CairoImageSurface(width: 41, height: 20)
        #expect(!SnapshotComparison().compare(try image(RGBA(hex: 0xFFFFFF)), with: other).matches)
    }

    /// An assertion over a scratch directory, recording or comparing.
    private func assertion(in directory: ScratchDirectory, recording: Bool) -> SnapshotAssertion {
        SnapshotAssertion(
            referenceDirectory: directory.file("references"), failureDirectory: directory.file("failures"),
            recording: recording)
    }

    @Test("record mode writes the reference and fails, saying so; the next run compares and passes")
    func recordModeFails() throws {
        let directory = try ScratchDirectory(prefix: "snapshot")
        let picture = try image(RGBA(hex: 0x336699), marked: 30)
        let recorded = try assertion(in: directory, recording: true).verify(picture, named: "sample")
        let message = try #require(recorded, "record mode must fail")
        #expect(message.contains("recorded the reference"))
        #expect(FileManager.default.fileExists(atPath: directory.path("references/sample.png")))
        #expect(try assertion(in: directory, recording: false).verify(picture, named: "sample") == nil)
    }

    @Test("a missing reference fails and leaves the actual image to look at")
    func missingReferenceFails() throws {
        let directory = try ScratchDirectory(prefix: "snapshot")
        let message = try assertion(in: directory, recording: false)
            .verify(try image(RGBA(hex: 0x336699)), named: "absent")
        #expect(message?.contains("no reference for absent") == true)
        #expect(FileManager.default.fileExists(atPath: directory.path("failures/absent-actual.png")))
    }

    @Test("a changed image fails and leaves the actual image and a diff")
    func mismatchFails() throws {
        let directory = try ScratchDirectory(prefix: "snapshot")
        _ = try assertion(in: directory, recording: true).verify(try image(RGBA(hex: 0x336699)), named: "changed")
        let message = try assertion(in: directory, recording: false)
            .verify(try image(RGBA(hex: 0x336699), marked: 200), named: "changed")
        #expect(message?.contains("200 of 800 pixels") == true)
        #expect(FileManager.default.fileExists(atPath: directory.path("failures/changed-diff.png")))
    }
}
