import CGtk

/// The desktop's sound settings, where the microphone is allowed and chosen (SPEC C: the access-off hint's Settings
/// action opens them).
///
/// Desktops differ, so a short list of known panels is tried in order: GNOME's Sound panel, then PulseAudio's volume
/// control (which PipeWire desktops also serve). The first whose program is installed is launched, detached.
public enum SoundSettings {
    /// What opening the settings did.
    public enum Outcome: Sendable, Equatable {
        /// The panel was launched with this command line.
        case opened(String)
        /// None of the panels is installed, or none would start: the command lines tried, and why the last failed.
        case unavailable(tried: [String], reason: String)
    }

    /// The panels tried, in order: the program, then its arguments.
    public static let candidates: [[String]] = [["gnome-control-center", "sound"], ["pavucontrol"]]

    /// Launches the first installed panel of `candidates`. Never throws and never blocks on the panel.
    public static func open(candidates: [[String]] = candidates) -> Outcome {
        var tried: [String] = []
        var reason = "not installed"
        for command in candidates {
            guard let program = command.first else { continue }
            let line = command.joined(separator: " ")
            tried.append(line)
            // Looked up first: `g_app_info_create_from_commandline` accepts a missing program and only fails later.
            guard let path = g_find_program_in_path(program) else { continue }
            g_free(path)
            var error: UnsafeMutablePointer<GError>?
            guard let info = g_app_info_create_from_commandline(line, nil, G_APP_INFO_CREATE_NONE, &error) else {
                reason = take(error)
                continue
            }
            defer { g_object_unref(UnsafeMutableRawPointer(info)) }
            if g_app_info_launch(info, nil, nil, &error) != 0 { return .opened(line) }
            reason = take(error)
        }
        return .unavailable(tried: tried, reason: reason)
    }

    /// The error's message, freeing it.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
