// Every part of the layout mirrored for right to left (SPEC A.17): laid out leading edge on the left, then flipped.

extension GlassShape {
    func mirrored(inWidth width: Double) -> GlassShape {
        GlassShape(rect: rect.mirrored(inWidth: width), cornerRadius: cornerRadius)
    }
}

extension BandLayout.Mic {
    func mirrored(inWidth width: Double) -> Self {
        Self(
            center: center.mirrored(inWidth: width), diameter: diameter, dim: dim,
            glyph: glyph.mirrored(inWidth: width))
    }
}

extension BandLayout.Capsule {
    func mirrored(inWidth width: Double) -> Self {
        var copy = self
        copy.shape = shape.mirrored(inWidth: width)
        copy.dot.center = dot.center.mirrored(inWidth: width)
        copy.clockText = clockText.mirrored(inWidth: width)
        copy.bars = bars.mirrored(inWidth: width)
        copy.paused = paused?.mirrored(inWidth: width)
        if let slide = slideToCancel {
            copy.slideToCancel = BandLayout.SlideToCancel(
                chevron: slide.chevron.mirrored(inWidth: width), chevronPointsLeft: !slide.chevronPointsLeft,
                words: slide.words?.mirrored(inWidth: width), visible: slide.visible.mirrored(inWidth: width),
                opacity: slide.opacity)
        }
        return copy
    }
}

extension BandLayout.Lane {
    func mirrored(inWidth width: Double) -> Self {
        var copy = self
        copy.shape = shape.mirrored(inWidth: width)
        copy.lockGlyph = lockGlyph.mirrored(inWidth: width)
        copy.chevron = chevron.mirrored(inWidth: width)
        return copy
    }
}

extension BandLayout.Bubble {
    func mirrored(inWidth width: Double) -> Self {
        Self(
            shape: shape.mirrored(inWidth: width), opacity: opacity, contentOpacity: contentOpacity,
            glyph: glyph.mirrored(inWidth: width), glyphRotation: -glyphRotation,
            glyphPivot: glyphPivot.mirrored(inWidth: width))
    }
}

extension BandLayout.Hint {
    func mirrored(inWidth width: Double) -> Self {
        Self(
            shape: shape.mirrored(inWidth: width), opacity: opacity, text: text.mirrored(inWidth: width),
            textOpacity: textOpacity)
    }
}
