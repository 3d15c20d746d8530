// render-benchmark: how long one frame of the control takes to draw at 2× scale in its busiest states, measured
// over many frames with the clock and the bars moving (so text is re-shaped once a second, as in real use).
//
//   render-benchmark [FRAMES] [STATE]     (--help says more)
//
// Each frame clears a 2× image surface and draws the scene: layout (necks included), shadow, glass, text, bars and
// glyphs. The figures are the median and 99th percentile per state; the target is median < 2 ms, p99 < 4 ms in
// every state, the moving ones included (the glass is then drawn again each frame, through the renderer's own device
// pixels). The p99 counts every stall of a shared machine: run it on a quiet one.
import ArgumentParsing
import Foundation
import VoiceRecorderCore
import VoiceRecorderRendering

struct Arguments: Sendable {
    var frames = 3000
    var stateFilter = ""
}

let command = Command(
    "render-benchmark", abstract: "how long a frame of the control takes to draw",
    discussion: """
        Draws the control at 2× (390 pt wide) in its busiest states, still and while springs move the glass, and
        prints the median and 99th percentile frame time of each state. Run it on a quiet machine, in release.
        """,
    defaults: Arguments(),
    arguments: [
        .optional("FRAMES", \.frames, .integer("FRAMES", atLeast: 100), help: "frames drawn per state (default 3000)"),
        .optional("STATE", \.stateFilter, .text("STATE"), help: "only the states whose name contains this text"),
    ])
let arguments = command.valuesOrExit()
let frames = arguments.frames
let stateFilter = arguments.stateFilter
let scale = 2.0
let width = 390.0
let frameInterval = 1.0 / 120
/// The busiest states, held still (only the bars, clock and chevron move, as while a take runs: the glass is drawn
/// once and reused), and the same while their glass moves every frame (a spring in flight: nothing is reused).
let states: [(name: String, scene: SampleScene, glassMoves: Bool)] = [
    ("held: bars + necks + lane", .held, false),
    ("discard: bin out", .discardArmed, false),
    ("locked: trash + hint", .lockedWithHint, false),
    ("held, glass moving", .held, true),
    ("discard, glass moving", .discardArmed, true),
    ("locked + hint, glass moving", .lockedWithHint, true),
]

/// Milliseconds at `fraction` (0…1) of the sorted timings.
func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }

do {
    let renderer = ControlRenderer()
    let clock = ContinuousClock()
    print("render-benchmark: \(frames) frames per state, \(Int(width)) pt wide at \(Int(scale))×")
    print(pad("state", 30) + pad("median ms", 12) + pad("p99 ms", 10) + pad("max ms", 10) + "frame px")
    var allMedianMet = true
    var allTailMet = true
    for (name, sample, glassMoves) in states where stateFilter.isEmpty || name.contains(stateFilter) {
        let base = sample.scene(width: width)
        let layout = renderer.layout(for: base)
        let pixelWidth = Int(((layout.bounds.maxX - min(layout.bounds.minX, 0)) * scale).rounded(.up))
        let pixelHeight = Int(((layout.bounds.maxY - layout.bounds.minY + 40) * scale).rounded(.up))
        let surface = try CairoImageSurface(width: pixelWidth, height: pixelHeight)
        let context = try CairoContext(surface: surface)
        context.scale(x: scale, y: scale)
        context.translate(x: -min(layout.bounds.minX, 0), y: -layout.bounds.minY)
        var timings: [Double] = []
        timings.reserveCapacity(frames)
        for frame in 0 ..< frames + 50 {
            var scene = base
            let advance = Double(frame) * frameInterval
            scene.layout.elapsed += advance
            scene.layout.time += advance
            scene.windowLoudnesses =
                base.windowLoudnesses
                + Array(repeating: 0.6, count: Int(advance / AudioFormat.windowDuration))
            scene.clock = ClockReading(elapsed: scene.layout.elapsed, maximum: scene.maximumDuration)
            if glassMoves {
                // The mic breathing in and out of its swell and the lane stretching: every shape and neck changes.
                let wave = 0.5 + 0.5 * sin(Double(frame) * 0.05)
                scene.layout.swell = wave
                scene.layout.laneStretch = 20 * wave
            }
            let duration = clock.measure {
                context.withSavedState {
                    context.setOperator(.clear)
                    context.paint()
                }
                renderer.draw(scene: scene, in: context, scale: scale)
                surface.withPixels { _, _ in }  // wait for cairo to finish the frame
            }
            // The first frames warm the caches and the allocator up.
            if frame >= 50 {
                let (seconds, attoseconds) = duration.components
                timings.append(Double(seconds) * 1e3 + Double(attoseconds) * 1e-15)
            }
        }
        try context.check("draw \(name)")
        let sorted = timings.sorted()
        let median = percentile(sorted, 0.5)
        let tail = percentile(sorted, 0.99)
        allMedianMet = allMedianMet && median < 2
        allTailMet = allTailMet && tail < 4
        print(
            pad(name, 30) + pad(String(format: "%.3f", median), 12) + pad(String(format: "%.3f", tail), 10)
                + pad(String(format: "%.3f", sorted.last ?? 0), 10) + "\(pixelWidth)×\(pixelHeight)")
    }
    print("target median < 2 ms: \(allMedianMet ? "met" : "MISSED"); p99 < 4 ms: \(allTailMet ? "met" : "MISSED")")
} catch {
    FileHandle.standardError.write(Data("render-benchmark: \(error)\n".utf8))
    exit(1)
}
