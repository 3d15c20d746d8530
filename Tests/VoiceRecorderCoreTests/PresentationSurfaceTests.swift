import Testing

@testable import VoiceRecorderCore

@Suite("Glass, solid fills and the disabled look (SPEC A.6, A.18)")
struct PresentationSurfaceTests {
    @Test(
        "Glass unless transparency is reduced, then the solid fills",
        arguments: [
            (false, Appearance.light, SurfaceFill.glass),
            (false, Appearance.dark, SurfaceFill.glass),
            (true, Appearance.light, SurfaceFill.solid(RGBA(hex: 0xF7F7F7))),
            (true, Appearance.dark, SurfaceFill.solid(RGBA(hex: 0x2B2B2B))),
        ])
    func fill(reduceTransparency: Bool, appearance: Appearance, expected: SurfaceFill) {
        #expect(SurfaceFill.resolve(reduceTransparency: reduceTransparency, appearance: appearance) == expected)
    }

    @Test("The light shadow: 7 % black, radius 18, 8 pt down")
    func shadow() {
        let shadow = GlassShadow.resolved(for: .light)
        #expect(shadow.color == RGBA(red: 0, green: 0, blue: 0, alpha: 0.07))
        #expect(shadow.radius == 18 && shadow.offsetY == 8)
    }

    @Test("Disabled: the red turns grey, geometry unchanged")
    func disabled() {
        let style = Style(height: 60, barWidth: 4, barSpacing: 1)
        let grey = style.disabled
        let red = grey.accent.resolved(for: .light)
        #expect(red.red == red.green && red.green == red.blue)
        #expect(abs(red.red - 0.2126) < 1e-9)
        #expect(grey.height == 60 && grey.barWidth == 4 && grey.barSpacing == 1)
        #expect(style.enabled(true) == style)
        #expect(style.enabled(false) == grey)
        #expect(grey.bars == style.bars.desaturated)
    }
}
