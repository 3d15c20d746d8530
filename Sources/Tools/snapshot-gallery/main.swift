// snapshot-gallery: writes the documentation's pictures of the control (light, dark, right to left and a few states),
// drawn headless by the snapshot renderer, as PNGs.
//
//   snapshot-gallery [DIR]     (--help says more)
import ArgumentParsing
import Foundation
import VoiceRecorderRendering

/// The pictures in the documentation (README.md, docs/USAGE.md): a file name and the scene it shows.
let gallery: [(file: String, scene: SampleScene)] = [
    ("control-rest-light.png", .restWithContent),
    ("control-held-light.png", .held),
    ("control-discard-light.png", .discardArmed),
    ("control-locked-light.png", .lockedWithHint),
    ("control-countdown-light.png", .countdown),
    ("control-hint-light.png", .hintAccessOff),
    ("control-held-dark.png", .dark),
    ("control-locked-dark.png", .darkLocked),
    ("control-held-rtl.png", .rightToLeft),
    ("control-held-high-contrast.png", .highContrast),
    ("control-paused-light.png", .pausedTrimmed),
    ("control-paused-dark.png", .pausedDark),
    ("control-paused-rtl.png", .pausedRightToLeft),
]

/// Width of the control in the pictures, in points, and pixels per point.
let width = 380.0
let scale = 2.0
/// Room above the band shared by every picture, so they line up when shown one under another.
let reservedAbove = 120.0

let command = Command(
    "snapshot-gallery", abstract: "writes the documentation's pictures of the control",
    discussion: "Draws the documentation's pictures of the control (light, dark, right to left, a few states) as PNGs.",
    defaults: "docs/images",
    arguments: [.optional("DIR", \.self, .path("DIR"), help: "where the pictures go (default docs/images)")])
let directory = URL(fileURLWithPath: command.valuesOrExit(), isDirectory: true)
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let renderer = ControlRenderer()
    for (file, scene) in gallery {
        let image = try ControlSnapshot.render(
            scene.scene(width: width), renderer: renderer, scale: scale,
            reservedAbove: reservedAbove)
        let path = directory.appendingPathComponent(file).path
        try image.writePNG(to: path)
        print("\(path)  \(image.width)×\(image.height)")
    }
} catch {
    FileHandle.standardError.write(Data("snapshot-gallery: \(error)\n".utf8))
    exit(1)
}
