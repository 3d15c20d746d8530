import VoiceRecorderPOSIX

/// Creates an empty file readable and writable by its owner only (0600), before FFmpeg opens it: a voice message
/// is private from its first byte. Never overwrites: a file already at `path` is an error (`EEXIST`).
func createPrivateFile(atPath path: String) throws(POSIX.Error) {
    let file = try POSIX.File(path: path, access: .writeOnly, options: [.create, .exclusive], permissions: 0o600)
    // The mode given to open() is filtered by the umask; set it explicitly so a lax umask cannot widen it.
    try file.setPermissions(0o600)
    try file.close()
}
