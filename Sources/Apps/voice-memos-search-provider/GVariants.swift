import CGio

/// GVariant values made for D-Bus replies. Each returns a new floating reference: the reply (or the container it is
/// put in) takes it over.
enum GVariantMaker {
    /// `as`.
    static func strings(_ values: [String]) -> OpaquePointer {
        let copies = values.map { g_strdup($0) }
        defer { copies.forEach { g_free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_strv(buffer.baseAddress, gssize(buffer.count))
        }
    }

    /// `a{sv}` whose values are strings, in the order given.
    static func dictionary(_ entries: KeyValuePairs<String, String>) -> OpaquePointer {
        var builder = GVariantBuilder()
        g_variant_builder_init(&builder, vr_variant_type("a{sv}"))
        for (key, value) in entries {
            g_variant_builder_add_value(
                &builder,
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value))))
        }
        return g_variant_builder_end(&builder)
    }

    /// An array of `children`, each of `elementType` (so an empty array has its type too).
    static func array(_ children: [OpaquePointer], of elementType: String) -> OpaquePointer {
        children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_array(vr_variant_type(elementType), buffer.baseAddress, gsize(buffer.count))
        }
    }

    /// A tuple of `children` (the shape of every D-Bus reply; `()` for none).
    static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        children.map { Optional($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_tuple(buffer.baseAddress, gsize(buffer.count))
        }
    }
}

/// The arguments of a D-Bus call (a tuple GDBus has already checked against the interface), read by position.
struct GVariantReader {
    private let tuple: OpaquePointer

    init(_ tuple: OpaquePointer) { self.tuple = tuple }

    /// The `as` at `index`.
    func strings(at index: Int) -> [String] {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        var count: gsize = 0
        guard let strings = g_variant_get_strv(child, &count) else { return [] }
        defer { g_free(strings) }
        return (0 ..< Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
    }

    /// The `s` at `index`.
    func string(at index: Int) -> String {
        let child = g_variant_get_child_value(tuple, gsize(index))
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }
}
