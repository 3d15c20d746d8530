import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC H.1: what `scripts/install-library.sh` installs, that it stands alone, and that it goes again.
@Suite("The installed library", .serialized)
struct InstallTests {
    @Test("it needs Debian's libraries and itself: nothing of Swift's, every library found, only its C API exported")
    func standsAlone() throws {
        let library = try InstalledLibrary.shared.get()
        let path = library.prefix.appendingPathComponent("lib/libvoicerecorder-gtk-1.so.0").path
        let needed = try ChildProcess.output(of: "/usr/bin/ldd", [path])
        #expect(!needed.contains("not found"), "\(needed)")
        #expect(!needed.lowercased().contains("swift"), "\(needed)")
        let soname = try ChildProcess.output(of: "/usr/bin/readelf", ["-d", path])
        #expect(soname.contains("Library soname: [libvoicerecorder-gtk-1.so.0]"), "\(soname)")
        // Its exported functions are its API: no Swift runtime or Foundation function a host could resolve to.
        let exported = try ChildProcess.output(of: "/usr/bin/nm", ["-D", "--defined-only", path])
            .split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                return fields.count == 3 && fields[1] == "T" ? String(fields[2]) : nil
            }
        #expect(exported.contains("voice_recorder_control_new@@VOICERECORDER_GTK_1.0"), "\(exported)")
        #expect(
            exported.allSatisfy { $0.hasPrefix("voice_recorder_") }, "\(exported.filter { !$0.hasPrefix("voice_") })")
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 0)
    }

    @Test("installed again over itself and then removed: exactly its files, and nothing of them left")
    func installAgainAndUninstall() throws {
        let scratch = try ScratchDirectory(prefix: "voicerecorder-install")
        defer { scratch.remove() }
        let script = InstalledLibrary.packageRoot.appendingPathComponent("scripts/install-library.sh").path
        // Something of the user's in the prefix stays.
        try FileManager.default.createDirectory(
            at: scratch.file("lib/pkgconfig"), withIntermediateDirectories: true)
        try "theirs".write(to: scratch.file("lib/pkgconfig/other.pc"), atomically: true, encoding: .utf8)
        for _ in 0 ..< 2 { try ChildProcess.output(of: script, ["--prefix", scratch.path], timeout: 600) }
        let listed = try String(contentsOf: scratch.file("share/voicerecorder-gtk-1/installed-files"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        for expected in [
            "lib/libvoicerecorder-gtk-1.so.0", "lib/libvoicerecorder-gtk-1.so",
            "include/voicerecorder-gtk-1/voicerecorder.h", "lib/pkgconfig/voicerecorder-gtk-1.pc",
            "share/gir-1.0/VoiceRecorder-1.0.gir", "lib/girepository-1.0/VoiceRecorder-1.0.typelib",
            "share/vala/vapi/voicerecorder-gtk-1.vapi", "share/vala/vapi/voicerecorder-gtk-1.deps",
            "share/doc/voicerecorder-gtk-1/index.html", "share/doc/voicerecorder-gtk-1/class.Control.html",
        ] {
            #expect(listed.contains(expected), "\(expected) installed")
            #expect(FileManager.default.fileExists(atPath: scratch.path(expected)), "\(expected) on disk")
        }
        #expect(Set(listed).count == listed.count, "each file once after installing twice")

        try ChildProcess.output(of: script, ["--prefix", scratch.path, "--uninstall"])
        let left = try ChildProcess.output(of: "/usr/bin/find", [scratch.path, "-type", "f", "-o", "-type", "l"])
            .split(separator: "\n").map { String($0.dropFirst(scratch.path.count)) }
        #expect(left == ["/lib/pkgconfig/other.pc"], "left behind: \(left)")
    }

    @Test("a GtkBuilder .ui file makes the control, its content and its properties")
    func fromAUIFile() throws {
        let library = try InstalledLibrary.shared.get()
        let screen = try VirtualDisplay()
        defer { screen.stop() }
        let program = """
            import gi
            gi.require_version("Gtk", "4.0")
            gi.require_version("VoiceRecorder", "1.0")
            from gi.repository import Gtk, VoiceRecorder
            Gtk.init()
            VoiceRecorder.init()
            builder = Gtk.Builder.new_from_string('''
            <interface>
              <object class="VoiceRecorderControl" id="control">
                <property name="format">opus</property>
                <property name="maximum-duration">90</property>
                <property name="preview">True</property>
                <property name="content"><object class="GtkEntry" id="entry"/></property>
              </object>
            </interface>''', -1)
            control = builder.get_object("control")
            print(type(control).__name__, control.props.format.value_nick, control.props.maximum_duration,
                  control.props.preview, control.props.content is builder.get_object("entry"),
                  control.props.phase.value_nick)
            """
        let output = try ChildProcess.output(
            of: "/usr/bin/python3", ["-c", program],
            environment: screen.environment.adding(library.environment).adding([
                "DBUS_SESSION_BUS_ADDRESS": "disabled:", "GTK_A11Y": "none", "PULSE_SERVER": "unix:/nonexistent",
            ]))
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "Control opus 90.0 True True idle")
    }
}
