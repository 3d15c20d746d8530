// voice-memos: the Voice Memos desktop app (SPEC B) — GTK 4 and libadwaita over the memos model. One JSON line per
// event on standard output, so scripts and tests can drive it.
//
//   voice-memos [--simulated] [--data-dir DIR] [--access granted|denied] [--dark] [--rtl]
import Foundation
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderGTK

MainActor.assumeIsolated {
    // The person's language (LANGUAGE, LANG…) before any line is made: the catalogues installed beside the app.
    Localization.bindForThisProgram()
    let options = Options.fromCommandLine()
    SoftwareGL.disableBeforeGTKStartsIfSoftware()
    ignoreFileSizeLimitSignal()
    // Held for the whole run: its callbacks refer to it weakly.
    let application = MemosApplication(options: options)
    let status = withExtendedLifetime(application) { application.run() }
    exit(status)
}
