import Foundation
import Testing
import VoiceRecorderTestSupport

/// The app in the person's language (SPEC J.5): started with `LANGUAGE=de` it speaks German, with `LANGUAGE=ar` Arabic
/// and its window is mirrored. What each line should read is asked of gettext itself (the `gettext` program over the
/// same catalogues), so the test holds for any wording the translators choose, and fails when a line is not
/// translated or not filled in.
@Suite("voice-memos under Xvfb: translated", .serialized)
struct TranslationsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "LANGUAGE=de or ar: the window, the control and a memo's row in that language, mirrored in Arabic",
        arguments: ["de", "ar"])
    func translated(language: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let id = try TranscriptsTests.library(in: scratch, saying: "Hello.")
        let catalogues = scratch.appendingPathComponent("locale")
        let built = try ChildProcess.run(
            "/bin/bash", [Self.root.appendingPathComponent("scripts/build-translations.sh").path, catalogues.path])
        #expect(built.succeeded, "\(built.stderr)")
        func translated(_ english: String) throws -> String {
            try ChildProcess.output(
                of: "/usr/bin/gettext", ["-d", "voicerecorder", "--", english],
                environment: .inherited.adding([
                    "LANGUAGE": language, "LANG": "C.UTF-8", "TEXTDOMAINDIR": catalogues.path,
                ]).removing("LC_ALL", "LC_MESSAGES"))
        }
        let app = try MemosAppSession(
            accessibility: true, scratch: scratch,
            environment: ["LANGUAGE": language, "LANG": "C.UTF-8", "VOICERECORDER_LOCALEDIR": catalogues.path],
            windowTitle: try translated("Voice Memos"))
        defer {
            app.stop()
            app.removeScratch()
        }
        let ready = try app.waitFor("ready")
        #expect(ready["direction"] as? String == (language == "ar" ? "rtl" : "ltr"), "mirrored in Arabic only")
        try app.row(id)

        let title = try translated("New Recording {number}").replacingOccurrences(of: "{number}", with: "1")
        let play = try translated("Play {title}").replacingOccurrences(of: "{title}", with: title)
        let expected = [
            (role: "button", name: try translated("Record voice memo")),
            (role: "button", name: play),
            (role: "text box", name: try translated("Title")),
            (role: "button", name: try translated("Recently Deleted")),
        ]
        for line in expected { #expect(!line.name.contains("{"), "filled in: \(line.name)") }
        #expect(try translated("Voice Memos") != "Voice Memos", "the catalogue has the app's name")
        let tree = try app.accessibleTree { nodes in nodes.contains { $0.name == play } }
        for line in expected {
            #expect(
                tree.contains { $0.role == line.role && $0.name == line.name },
                "\(line.role) '\(line.name)' in \(tree.filter { $0.role == line.role }.map(\.name))")
        }
        #expect(
            !tree.contains { ["Record voice memo", "Title", "Recently Deleted"].contains($0.name) }, "no English left")
    }
}
