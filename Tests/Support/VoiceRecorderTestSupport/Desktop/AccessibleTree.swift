import Foundation
import Testing

/// One object of an app's accessible tree, as AT-SPI publishes it to screen readers.
public struct AccessibleNode: Sendable, Equatable {
    public var role: String
    public var name: String
    public var description: String
    /// Whether AT-SPI reports it showing (on screen).
    public var showing: Bool
    /// Whether it has the keyboard focus.
    public var focused: Bool = false
    /// How deep in the tree it is (the application is 0).
    public var depth: Int
    /// For an adjustable object (one with AT-SPI's Value interface): its current, minimum and maximum values.
    public var value: Double?
    public var minimum: Double?
    public var maximum: Double?
}

/// The accessible trees on a private session bus, read as Orca reads them: over AT-SPI, from the accessibility bus.
public enum AccessibleTree {
    /// Every application's tree on the session bus at `busAddress`, depth first.
    public static func read(busAddress: String) throws -> [AccessibleNode] {
        let json = try ChildProcess.output(
            of: "/usr/bin/python3", ["-c", prelude + treeReader],
            environment: .inherited.adding(["DBUS_SESSION_BUS_ADDRESS": busAddress]))
        let nodes = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
            "no tree read: \(json)")
        return nodes.map { node in
            let states = (node["states"] as? [Int]) ?? []
            // ATSPI_STATE_SHOWING is bit 25 of the state set.
            let showing = states.first.map { $0 & (1 << 25) != 0 } ?? false
            // ATSPI_STATE_FOCUSED is bit 12.
            let focused = states.first.map { $0 & (1 << 12) != 0 } ?? false
            return AccessibleNode(
                role: node["role"] as? String ?? "", name: node["name"] as? String ?? "",
                description: node["description"] as? String ?? "", showing: showing, focused: focused,
                depth: node["depth"] as? Int ?? 0, value: node["value"] as? Double,
                minimum: node["minimum"] as? Double, maximum: node["maximum"] as? Double)
        }
    }

    /// Sets the value of the first object with `role` named `name`, as a screen reader's adjustment does (AT-SPI's
    /// Value.CurrentValue).
    public static func setValue(busAddress: String, role: String, name: String, to value: Double) throws {
        let output = try ChildProcess.output(
            of: "/usr/bin/python3", ["-c", prelude + finder + valueSetter, role, name, String(value)],
            environment: .inherited.adding(["DBUS_SESSION_BUS_ADDRESS": busAddress]))
        #expect(output.contains("set"), "setting \(name) to \(value): \(output)")
    }

    /// Activates the first object with `role` named `name`, as a screen reader's activation does (AT-SPI's
    /// Action.DoAction: a button's click).
    public static func activate(busAddress: String, role: String, name: String) throws {
        let output = try ChildProcess.output(
            of: "/usr/bin/python3", ["-c", prelude + finder + activator, role, name],
            environment: .inherited.adding(["DBUS_SESSION_BUS_ADDRESS": busAddress]))
        #expect(output.contains("activated"), "activating \(name): \(output)")
    }

    /// Connects to the accessibility bus (Gio's D-Bus client; the AT-SPI interfaces are plain D-Bus) and defines
    /// `call` (a method of an object) and `prop` (a property of one of its interfaces).
    private static let prelude = """
        import json, sys
        from gi.repository import Gio, GLib
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType("(s)"), 0, 5000, None).unpack()[0]
        bus = Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
                                                      | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        def call(name, path, method, args=None, reply=None, iface="org.a11y.atspi.Accessible"):
            return bus.call_sync(name, path, iface, method, args, GLib.VariantType(reply), 0, 3000, None).unpack()
        def prop(name, path, key, iface="org.a11y.atspi.Accessible"):
            return call(name, path, "Get", GLib.Variant("(ss)", (iface, key)), "(v)",
                        "org.freedesktop.DBus.Properties")[0]
        def apps():
            return call("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", "GetChildren", None,
                        "(a(so))")[0]

        """

    /// Walks every application's tree and prints it as JSON (with the values of adjustable objects).
    private static let treeReader = """
        nodes = []
        def walk(name, path, depth):
            if depth > 40:
                return
            node = {"role": call(name, path, "GetRoleName", None, "(s)")[0], "name": prop(name, path, "Name"),
                    "description": prop(name, path, "Description"),
                    "states": call(name, path, "GetState", None, "(au)")[0], "depth": depth}
            if "org.a11y.atspi.Value" in call(name, path, "GetInterfaces", None, "(as)")[0]:
                for key, field in [("CurrentValue", "value"), ("MinimumValue", "minimum"),
                                   ("MaximumValue", "maximum")]:
                    node[field] = prop(name, path, key, "org.a11y.atspi.Value")
            nodes.append(node)
            for child in call(name, path, "GetChildren", None, "(a(so))")[0]:
                walk(child[0], child[1], depth + 1)
        for app in apps():
            walk(app[0], app[1], 0)
        print(json.dumps(nodes))
        """

    /// Finds the object with role `sys.argv[1]` named `sys.argv[2]` as `target` (exits when there is none).
    private static let finder = """
        role, wanted = sys.argv[1], sys.argv[2]
        def find(name, path, depth):
            if depth > 40:
                return None
            if call(name, path, "GetRoleName", None, "(s)")[0] == role and prop(name, path, "Name") == wanted:
                return (name, path)
            for child in call(name, path, "GetChildren", None, "(a(so))")[0]:
                found = find(child[0], child[1], depth + 1)
                if found:
                    return found
            return None
        target = None
        for app in apps():
            target = target or find(app[0], app[1], 0)
        if not target:
            sys.exit("no " + role + " named " + wanted)

        """

    /// Sets the found object's CurrentValue to `sys.argv[3]`.
    private static let valueSetter = """
        bus.call_sync(target[0], target[1], "org.freedesktop.DBus.Properties", "Set",
                      GLib.Variant("(ssv)", ("org.a11y.atspi.Value", "CurrentValue",
                                             GLib.Variant("d", float(sys.argv[3])))),
                      None, 0, 3000, None)
        print("set")
        """

    /// Runs the found object's first action (a button's click).
    private static let activator = """
        call(target[0], target[1], "DoAction", GLib.Variant("(i)", (0,)), "(b)", "org.a11y.atspi.Action")
        print("activated")
        """
}
