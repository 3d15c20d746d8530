import Foundation
import Testing

// TO MOVE onto the shared test-support target with MemosAppSession: the AT-SPI tree reader is DemoSession's.

/// The app's accessible tree, as screen readers read it over AT-SPI (needs a session made with `accessibility`).
extension MemosAppSession {
    /// One object of the accessible tree.
    struct AccessibleNode {
        var role: String
        var name: String
        var description: String
        /// Whether AT-SPI reports it showing (on screen).
        var showing: Bool
        /// How deep in the tree it is (the application is 0).
        var depth: Int
    }

    /// Every application's accessible tree on the session's accessibility bus, depth first.
    func accessibleTree() throws -> [AccessibleNode] {
        let address = try #require(busAddress)
        let json = try run(["DBUS_SESSION_BUS_ADDRESS=\(address)", "/usr/bin/python3", "-c", Self.treeReader])
        let nodes = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
            "no tree read: \(json)")
        return nodes.map { node in
            let states = (node["states"] as? [Int]) ?? []
            // ATSPI_STATE_SHOWING is bit 25 of the state set.
            let showing = states.first.map { $0 & (1 << 25) != 0 } ?? false
            return AccessibleNode(
                role: node["role"] as? String ?? "", name: node["name"] as? String ?? "",
                description: node["description"] as? String ?? "", showing: showing,
                depth: node["depth"] as? Int ?? 0)
        }
    }

    /// Walks every application's tree over the accessibility bus (Gio's D-Bus client; the AT-SPI interfaces are
    /// plain D-Bus) and prints it as JSON.
    static let treeReader = """
        import json
        from gi.repository import Gio, GLib
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType("(s)"), 0, 5000, None).unpack()[0]
        bus = Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
                                                      | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        def call(name, path, method, args=None, reply=None, iface="org.a11y.atspi.Accessible"):
            return bus.call_sync(name, path, iface, method, args, GLib.VariantType(reply), 0, 3000, None).unpack()
        def prop(name, path, key):
            return call(name, path, "Get", GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", key)), "(v)",
                        "org.freedesktop.DBus.Properties")[0]
        nodes = []
        def walk(name, path, depth):
            if depth > 40:
                return
            nodes.append({"role": call(name, path, "GetRoleName", None, "(s)")[0], "name": prop(name, path, "Name"),
                          "description": prop(name, path, "Description"),
                          "states": call(name, path, "GetState", None, "(au)")[0], "depth": depth})
            for child in call(name, path, "GetChildren", None, "(a(so))")[0]:
                walk(child[0], child[1], depth + 1)
        for app in call("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", "GetChildren", None, "(a(so))")[0]:
            walk(app[0], app[1], 0)
        print(json.dumps(nodes))
        """
}
