import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The desktop file, the icon and the metainfo (SPEC B.10), installed by `scripts/install-desktop-files.sh` into a
/// prefix and checked with the desktop's own validators.
@Suite("The desktop file, icon and metainfo")
struct DesktopFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the install script puts the binary, desktop file, icon and metainfo under the prefix, and they validate")
    func install() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let result = try run([
            "/bin/bash", Self.root.appendingPathComponent("scripts/install-desktop-files.sh").path,
            "--prefix", prefix.path, "--binary", MemosAppSession.appURL.path,
        ])
        #expect(result.status == 0, "\(result.output)")
        let id = "org.voicerecorder.VoiceMemos"
        for path in [
            "bin/voice-memos", "share/applications/\(id).desktop", "share/metainfo/\(id).metainfo.xml",
            "share/icons/hicolor/scalable/apps/\(id).svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        let desktop = try String(
            contentsOf: prefix.appendingPathComponent("share/applications/\(id).desktop"),
            encoding: .utf8)
        // The installed file starts the installed binary.
        #expect(desktop.contains("Exec=\(prefix.path)/bin/voice-memos"))
        #expect(desktop.contains("Icon=\(id)"))

        let desktopCheck = try run([
            "/usr/bin/desktop-file-validate", prefix.appendingPathComponent("share/applications/\(id).desktop").path,
        ])
        #expect(desktopCheck.status == 0, "\(desktopCheck.output)")
        let metainfoCheck = try run([
            "/usr/bin/appstreamcli", "validate", "--no-net", "--explain",
            prefix.appendingPathComponent("share/metainfo/\(id).metainfo.xml").path,
        ])
        #expect(metainfoCheck.status == 0, "\(metainfoCheck.output)")
    }

    @Test("the icon is an SVG document, 128 × 128")
    func icon() throws {
        let url = Self.root.appendingPathComponent("data/icons/hicolor/scalable/apps/org.voicerecorder.VoiceMemos.svg")
        let parser = XMLParser(contentsOf: url)!
        final class Root: NSObject, XMLParserDelegate {
            var attributes: [String: String]?
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]
            ) {
                if self.attributes == nil, name == "svg" { self.attributes = attributes }
            }
        }
        let root = Root()
        parser.delegate = root
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(root.attributes?["width"] == "128" && root.attributes?["height"] == "128")
        #expect(root.attributes?["viewBox"] == "0 0 128 128")
    }

    private func run(_ command: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
