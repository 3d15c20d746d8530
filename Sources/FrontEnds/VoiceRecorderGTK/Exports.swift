// An app that puts the control in a GTK window uses GTK's C API too (to make its entry, its composer row): it
// comes with `import VoiceRecorderGTK`, from the one C module the package wraps it in.
@_exported import CGtk
