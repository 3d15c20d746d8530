import Foundation
import VoiceMemos
import VoiceRecorderDBus

/// `org.gnome.Shell.SearchProvider2` on the session bus (SPEC J.1): owns the provider's bus name, exports the
/// interface and answers each call from `SearchProvider`; activations start the app. Everything runs on GLib's
/// main loop, on the main thread.
final class ShellSearchService {
    static let busName = "org.voicerecorder.VoiceMemos.SearchProvider"
    static let objectPath = "/org/voicerecorder/VoiceMemos/SearchProvider"
    static let interface = "org.gnome.Shell.SearchProvider2"

    private let provider: SearchProvider
    private let launcher: AppLauncher
    /// Told of each call, so the process can leave once it is idle.
    var onCall: () -> Void = {}
    /// Told when the bus name is lost (or never had): the process should end.
    var onNameLost: () -> Void = {}

    init(provider: SearchProvider, launcher: AppLauncher) {
        self.provider = provider
        self.launcher = launcher
    }

    private var name: DBusName?
    private var export: DBusExport?

    /// Asks the session bus for the name; the object is exported once the bus is there.
    func start() {
        name = DBusName(
            sessionBus: Self.busName,
            acquired: { [weak self] connection in
                guard let self else { return }
                do {
                    export = try DBusExport(
                        connection: connection, path: Self.objectPath, introspection: Self.introspection,
                        methods: { [weak self] _, method, arguments in
                            guard let self else { throw DBusError(message: "the search is ending") }
                            return try answer(method, arguments)
                        })
                } catch {
                    FileHandle.standardError.write(Data("voice-memos-search-provider: \(error)\n".utf8))
                    onNameLost()
                }
            },
            lost: { [weak self] in self?.onNameLost() })
    }

    // MARK: - Calls

    /// Answers `method` with `parameters`; returns the reply's tuple, or throws what goes back as a D-Bus error.
    private func answer(_ method: String, _ parameters: GVariantReader) throws -> OpaquePointer {
        onCall()
        defer { provider.closeLibrary() }
        switch method {
        case "GetInitialResultSet", "GetSubsearchResultSet":
            // The terms are the last `as` (a subsearch first gives the earlier results: it is run anew, since it
            // takes milliseconds and new memos may have come).
            let terms = parameters.strings(at: method == "GetInitialResultSet" ? 0 : 1)
            return GVariantMaker.tuple([GVariantMaker.strings(try provider.results(for: terms))])
        case "GetResultMetas":
            let metas = try provider.metas(for: parameters.strings(at: 0)).map { meta in
                GVariantMaker.dictionary([
                    ("id", GVariantMaker.string(meta.id)), ("name", GVariantMaker.string(meta.name)),
                    ("description", GVariantMaker.string(meta.description)),
                ])
            }
            return GVariantMaker.tuple([GVariantMaker.array(metas, of: "a{sv}")])
        case "ActivateResult":
            if let arguments = try provider.activation(of: parameters.string(at: 0), terms: parameters.strings(at: 1)) {
                try launcher.launch(arguments)
            }
            return GVariantMaker.tuple([])
        case "LaunchSearch":
            try launcher.launch(ShellSearch.searchArguments(parameters.strings(at: 0)))
            return GVariantMaker.tuple([])
        default:
            throw DBusError(message: "No method \(method)")
        }
    }

    /// The interface, as GNOME Shell's `org.gnome.ShellSearchProvider2.xml` declares it.
    static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/>
              <arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """
}
