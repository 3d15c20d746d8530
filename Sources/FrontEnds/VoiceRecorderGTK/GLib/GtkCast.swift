import CGtk

/// A GTK instance pointer as a pointer to one of its parent or own types (GTK's cast macros don't import).
func cast<T>(_ instance: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}
