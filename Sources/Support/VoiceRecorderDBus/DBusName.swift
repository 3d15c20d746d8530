import CGio

/// A well-known name owned on the session bus, or on a connection the program already has (GApplication's): told
/// when it is owned (with the connection) and when it is lost. Owned until `release()` (also run on deinit).
public final class DBusName {
    private var owner: guint = 0
    private let acquired: (OpaquePointer) -> Void
    private let lost: () -> Void

    /// Asks the session bus for `name`; `acquired` gets the connection once the bus is there.
    public init(sessionBus name: String, acquired: @escaping (OpaquePointer) -> Void, lost: @escaping () -> Void) {
        self.acquired = acquired
        self.lost = lost
        owner = g_bus_own_name(
            G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_NONE,
            { connection, _, context in
                guard let connection else { return }
                DBusName.from(context)?.acquired(connection)
            }, nil, { _, _, context in DBusName.from(context)?.lost() }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Asks for `name` on `connection` (a `GDBusConnection`); `acquired` gets it back once the name is owned.
    public init(
        _ name: String, on connection: OpaquePointer, acquired: @escaping (OpaquePointer) -> Void,
        lost: @escaping () -> Void
    ) {
        self.acquired = acquired
        self.lost = lost
        owner = g_bus_own_name_on_connection(
            connection, name, G_BUS_NAME_OWNER_FLAGS_NONE,
            { connection, _, context in
                guard let connection else { return }
                DBusName.from(context)?.acquired(connection)
            },
            { _, _, context in DBusName.from(context)?.lost() }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    deinit { release() }

    /// Gives the name up. Idempotent.
    public func release() {
        if owner != 0 { g_bus_unown_name(owner) }
        owner = 0
    }

    private static func from(_ context: gpointer?) -> DBusName? {
        context.map { Unmanaged<DBusName>.fromOpaque($0).takeUnretainedValue() }
    }
}
