import Foundation
import VoiceRecorderCore

/// The parts only pause and preview has (SPEC D.1–D.4): the pause/mic bubble's glyph, and the paused capsule's play
/// button, whole-take waveform (dimmed outside the kept range), playhead and trim handles. Drawn with the same
/// palette as the rest: red stays a signal (none of these are red).
extension ControlRenderer {
    /// The bubble above the send button: two pause bars hands-free, cross-fading to the mic as the take pauses.
    func drawPauseBubble(_ layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        guard let bubble = layout.pauseBubble else { return }
        let opacity = bubble.contentOpacity * bubble.opacity * palette.contentOpacity
        guard opacity > 0 else { return }
        if bubble.micGlyph < 1 {
            Glyphs.pause(in: bubble.glyph, color: palette.label.fading(opacity * (1 - bubble.micGlyph)), on: context)
        }
        if bubble.micGlyph > 0 {
            Glyphs.microphone(in: bubble.glyph, color: palette.label.fading(opacity * bubble.micGlyph), on: context)
        }
    }

    /// The paused capsule's items, inside the capsule's clip, at the pause's fade.
    func drawPausedItems(
        _ scene: ControlScene, items: BandLayout.PausedItems, palette: ControlPalette, on context: CairoContext
    ) {
        guard items.opacity > 0 else { return }
        context.inGroup(opacity: items.opacity, within: items.waveform.union(items.playGlyph).union(items.playhead)) {
            let color = palette.label
            if items.showsPause {
                Glyphs.pause(in: items.playGlyph, color: color, on: context)
            } else {
                Glyphs.play(in: items.playGlyph, color: color, on: context)
            }
            drawTakeWaveform(scene, items: items, palette: palette, on: context)
            context.setSource(palette.label)
            for handle in [items.startHandle, items.endHandle] {
                context.roundedRectangle(handle, radius: handle.width / 2)
            }
            context.fill()
            context.setSource(palette.label.fading(0.85))
            context.roundedRectangle(items.playhead, radius: items.playhead.width / 2)
            context.fill()
        }
    }

    /// The take's whole waveform: kept bars in the bars' colour, the others dimmed.
    private func drawTakeWaveform(
        _ scene: ControlScene, items: BandLayout.PausedItems, palette: ControlPalette, on context: CairoContext
    ) {
        let row = items.waveform
        let style = scene.layout.style
        let width = style.barWidth * layout(grow: scene)
        let model = TakeWaveformModel(
            windowLoudnesses: scene.windowLoudnesses, length: items.length, kept: items.kept,
            rowLength: row.width, rowHeight: row.height, barWidth: width,
            barSpacing: style.barSpacing * layout(grow: scene))
        for kept in [true, false] {
            context.setSource(kept ? palette.bars : palette.bars.fading(Self.dimmedOpacity))
            for bar in model.bars where bar.isKept == kept {
                let x = items.track.x(atSeconds: bar.middle, length: items.length)
                context.roundedRectangle(
                    Rect(x: x - width / 2, y: row.midY - bar.height / 2, width: width, height: bar.height),
                    radius: width / 2)
            }
            context.fill()
        }
    }

    /// The bars' width grows with the text like every other shape (× grow).
    private func layout(grow scene: ControlScene) -> Double { scene.layout.textScale.grow }

    /// How much of the bars' colour the audio outside the kept range keeps.
    static let dimmedOpacity = 0.3
}
