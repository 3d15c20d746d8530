import Foundation
import VoiceRecorder
import VoiceRecorderGTK

// What the documentation's examples leave to the app: its own upload, its own chat, the point a finger landed on.
// They only need to compile; the examples that run (marked in the documentation) don't reach them.

/// The app's upload of a sent take.
func upload(_ url: URL, duration: Double, waveform: [Double]) {}

/// The app's chat: posts a sent take as a message.
func post(_ recording: Recording) {}

/// Where a finger landed, in the control's coordinates.
let point = Point(x: 0, y: 0)

/// A file the app wants to read.
let url = URL(fileURLWithPath: "/nonexistent/voice.m4a")

/// The app's composer row, which the control goes into (compile-only: the GTK example never runs here).
var composer: UnsafeMutablePointer<GtkBox> { preconditionFailure("the GTK example is only compiled") }
