import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderTestSupport

/// SPEC J.1: the memos in the Activities overview's search. `scripts/install-desktop-files.sh` installs the provider
/// into a prefix; a private session bus whose `XDG_DATA_DIRS` has that prefix starts it on the first call, which is
/// made with `gdbus` as GNOME Shell makes it.
@Suite("The search provider over D-Bus, as the Shell calls it", .serialized)
struct SearchProviderTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let name = "org.voicerecorder.VoiceMemos.SearchProvider"
    private static let path = "/org/voicerecorder/VoiceMemos/SearchProvider"

    /// A prefix with the provider installed beside a stand-in app that writes down how it was started, a library of
    /// three memos (two transcribed), and a bus that starts the provider from the prefix.
    private final class Rig {
        let scratch: VoiceRecorderTestSupport.ScratchDirectory
        let bus: SessionBus
        let dentist = UUID()
        let groceries = UUID()
        let titled = UUID()

        init() throws {
            scratch = try VoiceRecorderTestSupport.ScratchDirectory(prefix: "voicerecorder-search-provider")
            // The app: a script in the provider's folder that appends its arguments to a file.
            let built = scratch.file("built")
            try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
            let app = built.appendingPathComponent("voice-memos")
            try "#!/bin/sh\necho \"$@\" >> \(scratch.path("launched"))\n".write(
                to: app, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app.path)
            try FileManager.default.copyItem(
                atPath: BuiltExecutables.path(of: "voice-memos-search-provider"),
                toPath: built.appendingPathComponent("voice-memos-search-provider").path)
            let installed = try ChildProcess.run(
                "/bin/bash",
                [
                    SearchProviderTests.root.appendingPathComponent("scripts/install-desktop-files.sh").path,
                    "--prefix", scratch.path("prefix"), "--binary", app.path,
                ])
            #expect(installed.succeeded, "\(installed.stderr)")

            let library = SQLiteMemoLibrary(root: scratch.file("data/voicerecorder"))
            _ = try library.open()
            let now = Date()
            try library.insertRows([
                Memo(id: dentist, date: now, duration: 4, samples: [0.5], number: 1),
                Memo(id: groceries, date: now - 60, duration: 3, samples: [0.5], number: 2),
                Memo(id: titled, title: "Dentist's address", date: now - 120, duration: 2, samples: [0.5], number: 3),
            ])
            _ = try library.saveTranscript(Self.transcript("remember to call the dentist on monday"), of: dentist)
            _ = try library.saveTranscript(Self.transcript("milk eggs and bread"), of: groceries)
            try library.close()

            bus = try SessionBus(environment: [
                "XDG_DATA_DIRS": scratch.path("prefix/share") + ":/usr/share",
                "XDG_DATA_HOME": scratch.path("data"), "VOICEMEMOS_SEARCH_IDLE_EXIT": "2",
            ])
        }

        deinit {
            bus.stop()
            scratch.remove()
        }

        /// Words with times half a second apart.
        static func transcript(_ text: String) -> Transcript {
            let words = text.split(separator: " ").enumerated().map { index, word in
                Transcript.Word(text: String(word), start: Double(index) * 0.5, end: Double(index) * 0.5 + 0.4)
            }
            return Transcript(language: "en", words: words)
        }

        /// Calls `method` with `arguments` (GVariant text) as the Shell does; returns the reply as gdbus prints it.
        func call(_ method: String, _ arguments: String...) throws -> String {
            try ChildProcess.output(
                of: "/usr/bin/gdbus",
                [
                    "call", "--session", "--dest", SearchProviderTests.name, "--object-path", SearchProviderTests.path,
                    "--method", "org.gnome.Shell.SearchProvider2.\(method)",
                ] + arguments,
                environment: .inherited.adding(["DBUS_SESSION_BUS_ADDRESS": bus.address]), timeout: 20
            ).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        var launched: [String] {
            ((try? String(contentsOfFile: scratch.path("launched"), encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init)
        }

        /// The provider processes running from this rig's prefix.
        var providers: [Int32] {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
            return pids.filter { pid in
                let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
                return String(decoding: command, as: UTF8.self).hasPrefix(scratch.path("prefix/bin"))
            }
        }
    }

    @Test("words typed in the overview: memos found by title and by what was said, their names and snippets")
    func resultsAndMetas() throws {
        let rig = try Rig()
        let found = try rig.call("GetInitialResultSet", "['dent']")
        // Title matches first, then what was said (E.4); the groceries are not found.
        #expect(found.contains(rig.titled.uuidString) && found.contains(rig.dentist.uuidString), "\(found)")
        #expect(!found.contains(rig.groceries.uuidString), "\(found)")
        let titledAt = try #require(found.range(of: rig.titled.uuidString)).lowerBound
        let dentistAt = try #require(found.range(of: rig.dentist.uuidString)).lowerBound
        #expect(titledAt < dentistAt, "\(found)")

        let narrower = try rig.call(
            "GetSubsearchResultSet", "['\(rig.titled.uuidString)', '\(rig.dentist.uuidString)']", "['dent', 'mon']")
        #expect(narrower == "(['\(rig.dentist.uuidString)'],)", "\(narrower)")

        let metas = try rig.call("GetResultMetas", "['\(rig.dentist.uuidString)', '\(rig.titled.uuidString)']")
        // An untitled memo by its first words; the line under it where the word was said, and when.
        #expect(metas.contains("'name': <'remember to call the dentist on monday'>"), "\(metas)")
        #expect(metas.contains("'description': <'0:02 · remember to call the dentist on monday'>"), "\(metas)")
        #expect(metas.contains("'name': <\"Dentist's address\">"), "\(metas)")
        #expect(metas.contains("'description': <'0:02'>"), "a title match shows its length: \(metas)")

        let none = try rig.call("GetInitialResultSet", "['xylophone']")
        #expect(none == "(@as [],)", "\(none)")
    }

    @Test("a memo in Recently Deleted is not listed, by title or by what was said")
    func recentlyDeletedIsNotListed() throws {
        let rig = try Rig()
        let library = SQLiteMemoLibrary(root: rig.scratch.file("data/voicerecorder"))
        _ = try library.open()
        try library.delete(rig.titled, at: Date())
        try library.delete(rig.dentist, at: Date())
        try library.close()
        let found = try rig.call("GetInitialResultSet", "['dent']")
        #expect(found == "(@as [],)", "\(found)")
        let metas = try rig.call("GetResultMetas", "['\(rig.dentist.uuidString)']")
        #expect(metas == "(@aa{sv} [],)", "\(metas)")
    }

    @Test("activating a result starts the app playing it from just before the word; the search opens the app on it")
    func activation() throws {
        let rig = try Rig()
        _ = try rig.call("GetInitialResultSet", "['dentist']")
        _ = try rig.call("ActivateResult", "'\(rig.dentist.uuidString)'", "['dentist']", "0")
        _ = try rig.call("LaunchSearch", "['call', 'dent']", "0")
        #expect(wait(timeout: 5) { rig.launched.count == 2 }, "\(rig.launched)")
        // "dentist" is the fifth word (2 s in): played from a second before it.
        #expect(rig.launched.first == "--play \(rig.dentist.uuidString) --from 1.00", "\(rig.launched)")
        #expect(rig.launched.last == "--search call dent", "\(rig.launched)")
    }

    @Test("started by the first call, gone once idle, started again by the next; no library means no results")
    func startedByTheBusAndGoneWhenIdle() throws {
        let rig = try Rig()
        #expect(rig.providers.isEmpty)
        _ = try rig.call("GetInitialResultSet", "['milk']")
        #expect(rig.providers.count == 1)
        #expect(wait(timeout: 6, interval: 0.1) { rig.providers.isEmpty }, "left 2 s after its last call")
        let again = try rig.call("GetInitialResultSet", "['milk']")
        #expect(again == "(['\(rig.groceries.uuidString)'],)", "\(again)")

        try FileManager.default.removeItem(at: rig.scratch.file("data"))
        let nothing = try rig.call("GetInitialResultSet", "['milk']")
        #expect(nothing == "(@as [],)", "\(nothing)")
        #expect(!FileManager.default.fileExists(atPath: rig.scratch.path("data/voicerecorder")), "searching makes none")
    }
}
