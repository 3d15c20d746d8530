import Testing
import VoiceRecorderCore
import VoiceRecorderRendering

/// What the renderer measures and draws, checked on the pixels themselves.
@Suite("Control renderer", .serialized)
struct ControlRendererTests {
    let renderer = ControlRenderer()

    // MARK: Measuring

    @Test("the clock reserves the maximum's width, whatever the digits")
    func clockReservesWidth() {
        var scene = SampleScene.held.scene()
        let short = renderer.measure(scene).clock
        scene.layout.elapsed = 248.9
        scene.clock = ClockReading(elapsed: scene.layout.elapsed, maximum: scene.maximumDuration)
        #expect(renderer.measure(scene).clock == short)
        scene.maximumDuration = 7_200  // an hour or more shows hours: "0:00:00" is wider than "0:00"
        #expect(renderer.measure(scene).clock.width > short.width + 10)
        #expect(short.width > 20 && short.height > 10)
    }

    @Test("text grows with the text scale; the clock and Slide to cancel stop at the largest standard size")
    func textGrows() {
        func text(_ scale: Double) -> BandLayoutInput.Text {
            var scene = SampleScene.hintHold.scene()
            scene.layout.textScale = TextScale(scale)
            return renderer.measure(scene)
        }
        let base = text(1)
        let larger = text(1.3)
        let accessibility = text(2)
        #expect(larger.slideToCancel.width > base.slideToCancel.width * 1.2)
        #expect(larger.clock.width > base.clock.width * 1.2)
        #expect(accessibility.clock == text(TextScale.largestStandard).clock)
        #expect(accessibility.hint.height > base.hint.height * 1.5)
    }

    @Test("a hint wider than the control wraps onto more lines within it")
    func hintWraps() {
        var scene = SampleScene.hintAccessOff.scene(width: 200)
        let narrow = renderer.measure(scene).hint
        scene.layout.width = 600
        let wide = renderer.measure(scene).hint
        #expect(narrow.width <= BandLayout.hintMaxTextWidth(width: 200, scale: TextScale(1)) + 0.5)
        #expect(narrow.height > wide.height * 1.8)
    }

    @Test("the Settings action sits inside the access-off hint, at its trailing end")
    func settingsAction() throws {
        let scene = SampleScene.hintAccessOff.scene()
        let layout = renderer.layout(for: scene)
        let hint = try #require(layout.hint)
        let action = try #require(renderer.settingsActionRect(for: scene))
        #expect(action.minX >= hint.shape.rect.minX && action.maxX <= hint.shape.rect.maxX)
        #expect(action.minY >= hint.shape.rect.minY && action.maxY <= hint.shape.rect.maxY)
        #expect(action.midX > hint.shape.rect.midX)
        #expect(action.width > 30)
        #expect(renderer.settingsActionRect(for: SampleScene.hintHold.scene()) == nil)
    }

    // MARK: Pixels

    /// Renders `scene` at 1× on a transparent image with the band's origin at (`margin`, `margin` + overflow).
    private func render(_ scene: ControlScene, margin: Double = 30) throws -> (CairoImageSurface, Point) {
        let layout = renderer.layout(for: scene)
        let origin = Point(x: margin, y: margin + layout.overflowAbove)
        let image = try CairoImageSurface(
            width: Int(layout.width + 2 * margin),
            height: Int(origin.y + layout.side + margin))
        let context = try CairoContext(surface: image)
        context.translate(x: origin.x, y: origin.y)
        renderer.draw(scene: scene, in: context)
        try context.check("draw")
        return (image, origin)
    }

    /// How many pixels are signal red.
    private func redPixels(_ image: CairoImageSurface) -> Int {
        var count = 0
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let p = image.pixel(x: x, y: y)
                if p.alpha > 200, p.red > 200, p.green < 80, p.blue < 80 { count += 1 }
            }
        }
        return count
    }

    @Test(
        "red appears only where a take is recording or can be sent",
        arguments: [
            (SampleScene.restWithContent, false), (.hintAccessOff, false), (.disabled, false),
            (.held, true), (.locked, true), (.highContrast, true), (.stopped, true),
        ])
    func redOnlyWhereSignalled(_ sample: SampleScene, _ expectsRed: Bool) throws {
        let (image, _) = try render(sample.scene())
        #expect((redPixels(image) > 500) == expectsRed)
    }

    @Test("the stopped take's dot is grey, the recording one red")
    func stoppedDotIsGrey() throws {
        for (sample, red) in [(SampleScene.stopped, false), (.locked, true)] {
            var scene = sample.scene()
            scene.layout.dotBreathes = false
            let (image, origin) = try render(scene)
            let dot = try #require(renderer.layout(for: scene).capsule?.dot)
            let p = image.pixel(x: Int(origin.x + dot.center.x), y: Int(origin.y + dot.center.y))
            #expect((p.red > 200 && p.green < 80) == red, "\(sample): \(p)")
        }
    }

    @Test("joined parts melt through a neck; apart ones stand alone")
    func neckJoinsParts() throws {
        // Held: the capsule ends 4 pt before the mic; the middle of that gap, on the band's middle line, is glass.
        let held = SampleScene.held.scene()
        let (heldImage, heldOrigin) = try render(held)
        let heldLayout = renderer.layout(for: held)
        let capsuleEnd = try #require(heldLayout.capsule).shape.rect.maxX
        let micStart = heldLayout.mic.center.x - heldLayout.mic.diameter / 2
        let joined = heldImage.pixel(
            x: Int(heldOrigin.x + (capsuleEnd + micStart) / 2),
            y: Int(heldOrigin.y + heldLayout.side / 2))
        #expect(joined.alpha > 150, "the neck fills the 4 pt gap: \(joined)")

        // Hands-free: the trash stands 26 pt apart from the capsule; the gap between them stays clear.
        let locked = SampleScene.locked.scene()
        let (lockedImage, lockedOrigin) = try render(locked)
        let lockedLayout = renderer.layout(for: locked)
        let trashEnd = try #require(lockedLayout.trash).shape.rect.maxX
        let capsuleStart = try #require(lockedLayout.capsule).shape.rect.minX
        let apart = lockedImage.pixel(
            x: Int(lockedOrigin.x + (trashEnd + capsuleStart) / 2),
            y: Int(lockedOrigin.y + lockedLayout.side / 2))
        #expect(apart.alpha < 60, "no neck across 26 pt: \(apart)")
    }

    @Test("right to left mirrors the picture")
    func rightToLeftMirrors() throws {
        var left = SampleScene.held.scene()
        left.windowLoudnesses = []  // text isn't mirrored, so compare the glass and glyph silhouettes only
        left.slideToCancelText = ""
        var right = left
        right.layout.direction = .rightToLeft
        let (a, _) = try render(left)
        let (b, _) = try render(right)
        #expect(a.width == b.width && a.height == b.height)
        // The mic's red disc sits at the right end left to right, at the left end right to left.
        let row = Int(30 + renderer.layout(for: left).overflowAbove + 26)
        func redColumns(_ image: CairoImageSurface) -> [Int] {
            (0 ..< image.width).filter { x in
                let p = image.pixel(x: x, y: row)
                return p.alpha > 200 && p.red > 200 && p.green < 80
            }
        }
        let leftRed = redColumns(a)
        let rightRed = redColumns(b)
        #expect(!leftRed.isEmpty)
        #expect(leftRed.map { a.width - 1 - $0 }.sorted() == rightRed.sorted())
    }

    @Test("drawing on a context someone else owns (a widget's) draws the same")
    func borrowedContext() throws {
        let scene = SampleScene.locked.scene()
        let (owned, origin) = try render(scene)
        let borrowedImage = try CairoImageSurface(width: owned.width, height: owned.height)
        let context = try CairoContext(surface: borrowedImage)
        context.translate(x: origin.x, y: origin.y)
        renderer.draw(scene: scene, on: context.pointer, scale: 1)
        #expect(
            SnapshotComparison(channelTolerance: 0, maximumDifferingFraction: 0)
                .compare(borrowedImage, with: owned).matches)
    }
}
