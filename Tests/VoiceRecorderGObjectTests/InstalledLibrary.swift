import Foundation
import VoiceRecorderTestSupport

/// The library as `scripts/install-library.sh` installs it, and the chat examples built against it (not against
/// the source tree), once per test process.
///
/// The prefix is `VOICERECORDER_LIBRARY_PREFIX` when the test command installed it there; otherwise the tests
/// install it themselves under `.build/voicerecorder-gtk-1` (a release build: about a minute the first time).
struct InstalledLibrary: Sendable {
    let prefix: URL
    /// Where the C and Vala clients were built.
    let binaries: URL

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = packageRoot.appendingPathComponent("Examples/chat")

    /// The one installed library of this test process (or why there is none).
    static let shared = Result { try InstalledLibrary() }

    private init() throws {
        if let given = ProcessInfo.processInfo.environment["VOICERECORDER_LIBRARY_PREFIX"], !given.isEmpty {
            prefix = URL(fileURLWithPath: given, isDirectory: true)
        } else {
            prefix = Self.packageRoot.appendingPathComponent(".build/voicerecorder-gtk-1", isDirectory: true)
            try ChildProcess.output(
                of: Self.packageRoot.appendingPathComponent("scripts/install-library.sh").path,
                ["--prefix", prefix.path], timeout: 600)
        }
        binaries = prefix.appendingPathComponent("test-clients", isDirectory: true)
        try FileManager.default.createDirectory(at: binaries, withIntermediateDirectories: true)
        try buildClients()
    }

    /// What a program needs to find the library under a prefix of its own: pkg-config, the typelib, the .so.
    var environment: [String: String] {
        [
            "PKG_CONFIG_PATH": prefix.appendingPathComponent("lib/pkgconfig").path,
            "GI_TYPELIB_PATH": prefix.appendingPathComponent("lib/girepository-1.0").path,
            "LD_LIBRARY_PATH": prefix.appendingPathComponent("lib").path,
        ]
    }

    /// The C client with the compiler and pkg-config, as its header says; the Vala client with valac against the
    /// installed vapi (its C warnings are the generated code's, hence `-X -w`).
    private func buildClients() throws {
        let environment = ChildProcess.Environment.inherited.adding(self.environment)
        let flags = try ChildProcess.output(
            of: "/usr/bin/pkg-config", ["--cflags", "--libs", "voicerecorder-gtk-1"], environment: environment)
        try ChildProcess.output(
            of: "/usr/bin/cc",
            [Self.examples.appendingPathComponent("chat.c").path, "-Wall", "-Werror", "-o", binary(.c).path]
                + flags.split(whereSeparator: \.isWhitespace).map(String.init),
            environment: environment, timeout: 120)
        try ChildProcess.output(
            of: "/usr/bin/valac",
            [
                "--vapidir", prefix.appendingPathComponent("share/vala/vapi").path, "--pkg", "gtk4", "--pkg",
                "voicerecorder-gtk-1", "--directory", binaries.path, "-X", "-w", "-o", binary(.vala).lastPathComponent,
                Self.examples.appendingPathComponent("chat.vala").path,
            ], environment: environment, timeout: 300)
    }

    /// The compiled client of `language` (C and Vala).
    func binary(_ language: ChatClient.Language) -> URL {
        binaries.appendingPathComponent("chat-\(language.rawValue)")
    }

    /// The command that starts the client of `language`.
    func command(_ language: ChatClient.Language) -> [String] {
        switch language {
        case .c, .vala: [binary(language).path]
        // Debian's Python: the one with PyGObject (another python3 may come first on the PATH).
        case .python: ["/usr/bin/python3", Self.examples.appendingPathComponent("chat.py").path]
        case .javascript: ["/usr/bin/gjs", "-m", Self.examples.appendingPathComponent("chat.js").path]
        }
    }
}
