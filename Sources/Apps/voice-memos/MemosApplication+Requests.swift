import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorderGTK

/// What the desktop's search asks of the app (SPEC J.1): `--play ID [--from S]` plays a memo from a second in it,
/// `--search TEXT` opens the window on a search. The app is unique on the desktop: when it is already running, this
/// process hands the request to it as an application action (`app.play-memo`, `app.search`) and leaves.
extension MemosApplication {
    /// What the command line asks for, if anything.
    enum Request {
        case play(UUID, from: Double)
        case search(String)
    }

    /// The request of `options`; a malformed memo ID is a usage error, said in one line.
    static func request(of options: Options) -> Request? {
        if let play = options.play {
            guard let id = UUID(uuidString: play) else {
                FileHandle.standardError.write(Data("voice-memos: --play takes a memo's ID, got '\(play)'\n".utf8))
                exit(2)
            }
            return .play(id, from: options.from)
        }
        return options.search.map { .search($0) }
    }

    /// The actions a second start of the app uses to hand its request over.
    func addRequestActions() {
        addAction("play-memo", parameter: "(sd)") { [weak self] parameter in
            guard let parameter else { return }
            let id = g_variant_get_child_value(parameter, 0)!
            let seconds = g_variant_get_child_value(parameter, 1)!
            defer { [id, seconds].forEach { g_variant_unref($0) } }
            guard let memo = UUID(uuidString: String(cString: g_variant_get_string(id, nil))) else { return }
            self?.handle(.play(memo, from: g_variant_get_double(seconds)))
        }
        addAction("search", parameter: "s") { [weak self] parameter in
            guard let parameter else { return }
            self?.handle(.search(String(cString: g_variant_get_string(parameter, nil))))
        }
    }

    /// When another instance of the app is running, hands it the request (its window then comes forward); returns
    /// whether this process is that other one's messenger.
    func forwardedToRunningApp(_ request: Request?) -> Bool {
        guard let request else { return false }
        let application = gApplication
        guard g_application_register(application, nil, nil) != 0, g_application_get_is_remote(application) != 0
        else { return false }
        let group = OpaquePointer(application)
        switch request {
        case .play(let id, let seconds):
            let children = [g_variant_new_string(id.uuidString), g_variant_new_double(seconds)]
            children.withUnsafeBufferPointer { buffer in
                g_action_group_activate_action(group, "play-memo", g_variant_new_tuple(buffer.baseAddress, 2))
            }
        case .search(let text):
            g_action_group_activate_action(group, "search", g_variant_new_string(text))
        }
        g_application_activate(application)
        return true
    }

    /// Carries the request out in this window: the memo plays once the library is open; the search bar opens with
    /// the words.
    func handle(_ request: Request) {
        guard let window, let composition else { return }
        switch request {
        case .play(let id, let seconds): composition.model.send(.playRequested(id, from: seconds))
        case .search(let text): window.search(for: text)
        }
        gtk_window_present(cast(window.window))
    }
}
