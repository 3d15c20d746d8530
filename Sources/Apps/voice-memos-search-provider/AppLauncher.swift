import CGio
import Foundation
import VoiceRecorderDBus

/// Starts Voice Memos for an activated result or a whole search: the `voice-memos` installed beside this program
/// (the install puts both in one folder), else the one on the PATH. The app's lines for scripts go nowhere.
struct AppLauncher {
    let app: String

    init() {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("voice-memos").path
        app = FileManager.default.isExecutableFile(atPath: beside) ? beside : "voice-memos"
    }

    func launch(_ arguments: [String]) throws {
        let argv = ([app] + arguments).map { g_strdup($0) } + [nil]
        defer { argv.forEach { g_free($0) } }
        var error: UnsafeMutablePointer<GError>?
        var mutableArgv = argv
        let flags = GSpawnFlags(G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue)
        guard g_spawn_async(nil, &mutableArgv, nil, flags, nil, nil, nil, &error) != 0 else {
            throw DBusError(error, doing: "starting \(app)")
        }
    }
}
