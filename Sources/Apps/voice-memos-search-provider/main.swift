import CGio
import Foundation
import VoiceMemos
import VoiceRecorder

// voice-memos-search-provider: Voice Memos in the Activities overview's search (SPEC J.1). Started by D-Bus when the
// Shell first searches (its service file), it answers while searches come and leaves once idle, so nothing stays in
// memory between searches.

/// Ends the main loop once no call has come for `ShellSearch.idleExit` seconds.
final class IdleExit {
    private var lastCall = g_get_monotonic_time()
    private let loop: OpaquePointer
    private let seconds = ShellSearch.idleExit(environment: ProcessInfo.processInfo.environment)

    init(loop: OpaquePointer) { self.loop = loop }

    func noteCall() { lastCall = g_get_monotonic_time() }

    func start() {
        g_timeout_add_seconds(
            1,
            { context in
                guard let context else { return 0 }
                let idle = Unmanaged<IdleExit>.fromOpaque(context).takeUnretainedValue()
                guard Double(g_get_monotonic_time() - idle.lastCall) / 1_000_000 >= idle.seconds else {
                    return vr_gio_true()
                }
                g_main_loop_quit(idle.loop)
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}

// Results named in the person's language ("New Recording 3"), from the catalogues installed beside it.
Localization.bindForThisProgram()
let loop = g_main_loop_new(nil, 0)!
let idle = IdleExit(loop: loop)
let service = ShellSearchService(provider: SearchProvider(), launcher: AppLauncher())
var exitStatus: Int32 = 0
service.onCall = { idle.noteCall() }
service.onNameLost = {
    exitStatus = 1
    g_main_loop_quit(loop)
}
service.start()
idle.start()
g_main_loop_run(loop)
exit(exitStatus)
