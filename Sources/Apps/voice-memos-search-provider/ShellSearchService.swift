import CGio
import Foundation
import VoiceMemos

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

    /// Asks the session bus for the name; the object is exported once the bus is there.
    func start() throws {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(Self.introspection, &error) else {
            throw ServiceError(error, doing: "reading the interface's description")
        }
        let context = Unmanaged.passRetained(Context(service: self, node: node)).toOpaque()
        g_bus_own_name(
            G_BUS_TYPE_SESSION, Self.busName, G_BUS_NAME_OWNER_FLAGS_NONE,
            { connection, _, context in
                guard let connection, let context else { return }
                Unmanaged<Context>.fromOpaque(context).takeUnretainedValue().export(on: connection)
            },
            nil,
            { _, _, context in
                guard let context else { return }
                Unmanaged<Context>.fromOpaque(context).takeUnretainedValue().service?.onNameLost()
            },
            context,
            { context in
                guard let context else { return }
                Unmanaged<Context>.fromOpaque(context).release()
            })
    }

    // MARK: - Calls

    /// Answers `method` with `parameters`; returns the reply's tuple, or throws what goes back as a D-Bus error.
    func answer(_ method: String, _ parameters: GVariantReader) throws -> OpaquePointer {
        onCall()
        defer { provider.closeLibrary() }
        switch method {
        case "GetInitialResultSet":
            return GVariantMaker.tuple([GVariantMaker.strings(try provider.results(for: parameters.strings(at: 0)))])
        case "GetSubsearchResultSet":
            // The narrower search is run anew: it takes milliseconds, and new memos may have come.
            return GVariantMaker.tuple([GVariantMaker.strings(try provider.results(for: parameters.strings(at: 1)))])
        case "GetResultMetas":
            let metas = try provider.metas(for: parameters.strings(at: 0)).map { meta in
                GVariantMaker.dictionary(["id": meta.id, "name": meta.name, "description": meta.description])
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
            throw ServiceError(message: "No method \(method)")
        }
    }

    /// What GLib's callbacks hold: the service (weakly) and the interface description.
    private final class Context {
        weak var service: ShellSearchService?
        let node: UnsafeMutablePointer<GDBusNodeInfo>

        init(service: ShellSearchService, node: UnsafeMutablePointer<GDBusNodeInfo>) {
            self.service = service
            self.node = node
        }

        deinit { g_dbus_node_info_unref(node) }

        func export(on connection: OpaquePointer) {
            var vtable = GDBusInterfaceVTable()
            vtable.method_call = { _, _, _, _, method, parameters, invocation, context in
                guard let method, let parameters, let invocation, let context else { return }
                let owner = Unmanaged<Context>.fromOpaque(context).takeUnretainedValue()
                guard let service = owner.service else { return }
                do {
                    let reply = try service.answer(String(cString: method), GVariantReader(parameters))
                    g_dbus_method_invocation_return_value(invocation, reply)
                } catch {
                    g_dbus_method_invocation_return_dbus_error(
                        invocation, "org.voicerecorder.VoiceMemos.Error.Failed", "\(error)")
                }
            }
            var error: UnsafeMutablePointer<GError>?
            // GLib copies the vtable; the context outlives the registration (the name's destroy-notify frees it).
            let id = g_dbus_connection_register_object(
                connection, ShellSearchService.objectPath, node.pointee.interfaces[0], &vtable,
                Unmanaged.passUnretained(self).toOpaque(), nil, &error)
            if id == 0 {
                FileHandle.standardError.write(
                    Data("voice-memos-search-provider: \(ServiceError(error, doing: "exporting the search"))\n".utf8))
                service?.onNameLost()
            }
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

/// A failure of the service, in words: GLib's message when GLib said what went wrong.
struct ServiceError: Error, CustomStringConvertible {
    let description: String

    init(message: String) { description = message }

    init(_ error: UnsafeMutablePointer<GError>?, doing what: String) {
        if let error {
            description = "\(what): \(String(cString: error.pointee.message))"
            g_error_free(error)
        } else {
            description = "\(what) failed"
        }
    }
}
