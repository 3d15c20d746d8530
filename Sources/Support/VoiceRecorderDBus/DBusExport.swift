import CGio

/// One object exported on a D-Bus connection (GDBus, wrapped once): the interfaces an introspection XML describes,
/// each call answered by `methods` and each property read by `properties`, on the thread of GLib's main loop. It
/// stays exported until `unregister()` (also run on deinit).
public final class DBusExport {
    /// Answers a call: the interface, the method, its arguments; returns the reply (a tuple, `()` for none). What it
    /// throws goes back to the caller as a D-Bus error with its words.
    public typealias Methods = (_ interface: String, _ method: String, _ arguments: GVariantReader) throws ->
        OpaquePointer
    /// Reads a property: the interface and the property; nil for one it does not have.
    public typealias Properties = (_ interface: String, _ property: String) -> OpaquePointer?

    private let connection: OpaquePointer
    private let path: String
    private let node: UnsafeMutablePointer<GDBusNodeInfo>
    private let methods: Methods
    private let properties: Properties
    private var registrations: [guint] = []

    /// Exports every interface of `introspection` at `path` on `connection` (a `GDBusConnection`).
    public init(
        connection: OpaquePointer, path: String, introspection: String, methods: @escaping Methods,
        properties: @escaping Properties = { _, _ in nil }
    ) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(introspection, &error) else {
            throw DBusError(error, doing: "reading the interfaces' description")
        }
        self.connection = connection
        self.path = path
        self.node = node
        self.methods = methods
        self.properties = properties
        g_object_ref(UnsafeMutableRawPointer(connection))
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, interface, method, parameters, invocation, context in
            guard let interface, let method, let parameters, let invocation, let context else { return }
            let export = Unmanaged<DBusExport>.fromOpaque(context).takeUnretainedValue()
            do {
                let reply = try export.methods(
                    String(cString: interface), String(cString: method), GVariantReader(parameters))
                g_dbus_method_invocation_return_value(invocation, reply)
            } catch {
                g_dbus_method_invocation_return_dbus_error(invocation, "org.voicerecorder.Error.Failed", "\(error)")
            }
        }
        vtable.get_property = { _, _, _, interface, property, _, context in
            guard let interface, let property, let context else { return nil }
            let export = Unmanaged<DBusExport>.fromOpaque(context).takeUnretainedValue()
            return export.properties(String(cString: interface), String(cString: property))
        }
        var index = 0
        while let interface = node.pointee.interfaces[index] {
            // GLib copies the vtable; this object unregisters before it goes away.
            let id = g_dbus_connection_register_object(
                connection, path, interface, &vtable, Unmanaged.passUnretained(self).toOpaque(), nil, &error)
            guard id != 0 else {
                unregister()
                throw DBusError(error, doing: "exporting \(path)")
            }
            registrations.append(id)
            index += 1
        }
    }

    deinit {
        unregister()
        g_dbus_node_info_unref(node)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Stops answering. Idempotent.
    public func unregister() {
        for id in registrations { g_dbus_connection_unregister_object(connection, id) }
        registrations = []
    }

    /// Emits `signal` of `interface` from this object with `parameters` (a tuple), to every listener.
    public func emit(_ signal: String, of interface: String, _ parameters: OpaquePointer) {
        g_dbus_connection_emit_signal(connection, nil, path, interface, signal, parameters, nil)
    }

    /// Tells listeners that these properties of `interface` changed (`org.freedesktop.DBus.Properties`).
    public func propertiesChanged(_ interface: String, _ changed: [(String, OpaquePointer)]) {
        guard !changed.isEmpty else { return }
        emit(
            "PropertiesChanged", of: "org.freedesktop.DBus.Properties",
            GVariantMaker.tuple([
                GVariantMaker.string(interface), GVariantMaker.dictionary(changed), GVariantMaker.strings([]),
            ]))
    }
}

/// A failure of D-Bus, in words: GLib's message when GLib said what went wrong.
public struct DBusError: Error, CustomStringConvertible {
    public let description: String

    public init(message: String) { description = message }

    /// Takes `error` over (it is freed) and says what went wrong while `what`.
    public init(_ error: UnsafeMutablePointer<GError>?, doing what: String) {
        if let error {
            description = "\(what): \(String(cString: error.pointee.message))"
            g_error_free(error)
        } else {
            description = "\(what) failed"
        }
    }
}
