// voicerecorder-demo: a chat-like window — sent voice messages above, a composer (a text entry wrapped by the
// hold-to-record control) below. One JSON line per event on stdout, so scripts can drive it.
//
//   voicerecorder-demo [--simulated] [--access granted|denied] [--rtl] [--dark] [--text-scale X] [--width PX] [--preview]
import Foundation
import VoiceRecorder
import VoiceRecorderGTK

MainActor.assumeIsolated {
    // The control's lines in the person's language (the demo's own stay English).
    Localization.bindForThisProgram()
    // Held for the whole run: its callbacks refer to it weakly.
    let options = Options.fromCommandLine()
    SoftwareGL.disableBeforeGTKStartsIfSoftware()
    let app = DemoApp(options: options)
    withExtendedLifetime(app) { app.run() }
}
