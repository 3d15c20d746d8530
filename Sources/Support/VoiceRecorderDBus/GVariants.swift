import CGio

/// GVariant values made for D-Bus replies, properties and signals, as `OpaquePointer`s (GVariant is opaque to C too,
/// so any module's GLib functions take them). Each returns a new floating reference: the reply (or the container it
/// is put in) takes it over.
public enum GVariantMaker {
    /// `s`.
    public static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }

    /// `o`: `value` must be a valid object path.
    public static func objectPath(_ value: String) -> OpaquePointer { g_variant_new_object_path(value) }

    /// `x`.
    public static func int64(_ value: Int64) -> OpaquePointer { g_variant_new_int64(gint64(value)) }

    /// `d`.
    public static func double(_ value: Double) -> OpaquePointer { g_variant_new_double(value) }

    /// `b`.
    public static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? vr_gio_true() : 0) }

    /// `v`: `value` boxed.
    public static func variant(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

    /// `as`.
    public static func strings(_ values: [String]) -> OpaquePointer {
        let copies = values.map { g_strdup($0) }
        defer { copies.forEach { g_free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_strv(buffer.baseAddress, gssize(buffer.count))
        }
    }

    /// `a{sv}`, in the order given.
    public static func dictionary(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        var builder = GVariantBuilder()
        g_variant_builder_init(&builder, vr_variant_type("a{sv}"))
        for (key, value) in entries {
            g_variant_builder_add_value(&builder, g_variant_new_dict_entry(string(key), variant(value)))
        }
        return g_variant_builder_end(&builder)
    }

    /// An array of `children`, each of `elementType` (so an empty array has its type too).
    public static func array(_ children: [OpaquePointer], of elementType: String) -> OpaquePointer {
        children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_array(vr_variant_type(elementType), buffer.baseAddress, gsize(buffer.count))
        }
    }

    /// A tuple of `children` (the shape of every D-Bus reply; `()` for none).
    public static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_tuple(buffer.baseAddress, gsize(buffer.count))
        }
    }
}

/// The arguments of a D-Bus call (a tuple GDBus has already checked against the interface), read by position.
public struct GVariantReader {
    private let tuple: OpaquePointer

    public init(_ tuple: OpaquePointer) { self.tuple = tuple }

    /// The `as` at `index`.
    public func strings(at index: Int) -> [String] {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        var count: gsize = 0
        guard let strings = g_variant_get_strv(child, &count) else { return [] }
        defer { g_free(strings) }
        return (0 ..< Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
    }

    /// The `s` at `index`.
    public func string(at index: Int) -> String {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// The `x` at `index`.
    public func int64(at index: Int) -> Int64 {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        return Int64(g_variant_get_int64(child))
    }

    /// The `d` at `index`.
    public func double(at index: Int) -> Double {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        return g_variant_get_double(child)
    }
}
