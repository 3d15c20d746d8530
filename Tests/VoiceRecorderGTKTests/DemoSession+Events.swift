import Foundation
import Testing
import VoiceRecorderTestSupport

/// What the demo says about itself: where its mic is, how large its control is, and the takes it wrote.
extension DemoSession {
    /// The mic's centre in window coordinates, from the latest `ready` or `control` line (the mic moves when the
    /// window is resized).
    var mic: Point {
        let mic = latestGeometry["mic"] as? [String: Any]
        return ((mic?["x"] as? Double) ?? 0, (mic?["y"] as? Double) ?? 0)
    }

    /// The control's allocated width and side (its height) in pixels, and how much it grew with the text, from the
    /// latest `ready` or `control` line.
    var control: (width: Double, side: Double, grow: Double) {
        let control = latestGeometry["control"] as? [String: Any]
        return (
            (control?["width"] as? Double) ?? 0, (control?["side"] as? Double) ?? 0,
            (control?["grow"] as? Double) ?? 1
        )
    }

    /// The latest line saying where the mic is and how large the control is.
    private var latestGeometry: [String: Any] {
        events.last { ["ready", "control"].contains($0["event"] as? String) } ?? [:]
    }

    /// The `.m4a` files in the scratch directory.
    var takeFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasSuffix(".m4a") }
    }

    /// A point of a `preview` or `message` line ("play", "startHandle", …).
    static func point(_ line: [String: Any], _ key: String) throws -> Point {
        let point = try #require(line[key] as? [String: Any], "\(key) in \(line)")
        return (try #require(point["x"] as? Double), try #require(point["y"] as? Double))
    }
}
