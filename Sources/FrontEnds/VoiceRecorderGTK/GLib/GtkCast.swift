import CGtk

// GTK's and GObject's cast macros (`GTK_WINDOW(x)`, `G_OBJECT(x)`) don't import: these are their one Swift form,
// for the widget and for the apps.

/// A GTK instance pointer as a pointer to one of its parent or own types.
public func cast<T>(_ instance: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// A GTK instance pointer as an opaque GTK type (a final type, whose struct Swift imports opaquely: entries,
/// labels, list views, windows…).
public func cast(_ instance: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer { OpaquePointer(instance) }

/// A GObject instance pointer as a pointer to another of its types: a parent class (`GtkApplication` for an
/// `AdwApplication`) or one whose struct Swift imports.
public func upcast<T, U>(_ instance: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// An opaque GObject instance pointer as a pointer to one of its types whose struct Swift imports.
public func upcast<T>(_ instance: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}
