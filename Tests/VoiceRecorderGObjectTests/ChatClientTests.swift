import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC H.3: the same chat window in C, Python, JavaScript and Vala, each built and run against the installed
/// library, driven by the pointer in Xvfb against a private sound server that speaks.
@Suite("The control from C, Python, JavaScript and Vala, against the installed library", .serialized)
struct ChatClientTests {
    /// An X server, a speaking sound server and a home for one client.
    private final class Rig {
        let scratch: ScratchDirectory
        let sound: SoundServer
        let screen: VirtualDisplay
        let library: InstalledLibrary

        init() throws {
            library = try InstalledLibrary.shared.get()
            scratch = try ScratchDirectory(prefix: "voicerecorder-chat")
            sound = try SoundServer()
            screen = try VirtualDisplay(width: 640, height: 640)
            // A desktop's sink renders in small blocks: a take hears the speech from its first buffer.
            try sound.keepAwake()
            try sound.play(try sound.speechFile())
        }

        func start(
            _ language: ChatClient.Language, arguments: [String] = [],
            sound environment: ChildProcess.Environment? = nil,
            bus: SessionBus? = nil
        ) throws -> ChatClient {
            try ChatClient(
                language, arguments: arguments, library: library, screen: screen,
                sound: environment ?? sound.clientEnvironment, home: scratch.url, bus: bus)
        }

        deinit {
            screen.stop()
            sound.shutdown()
            scratch.remove()
        }
    }

    @Test(
        "hold → sent: an AAC file as long as said, with its waveform; slide toward the leading edge → cancelled, no file",
        .serialized, arguments: ChatClient.Language.allCases)
    func holdAndSlide(_ language: ChatClient.Language) throws {
        let rig = try Rig()
        let client = try rig.start(language)
        defer { client.stop() }

        try client.pressMic()
        try client.waitForLine("started")
        letTimePass(2)  // a hold's length is what is tested: a person holding the mic while speaking
        try client.release()
        let sent = try SentLine(client.waitForLine("sent"))
        #expect(sent.format == "aac" && sent.path.hasSuffix(".m4a"), "\(sent)")
        #expect(sent.duration > 1.2 && sent.duration < 2.5, "held 2 s, sent \(sent.duration) s")
        #expect(sent.path.hasPrefix(client.takes.path), "\(sent.path) is in the cache folder")
        let file = try ProbedFile(sent.path)
        #expect(file.codec == "aac" && file.sampleRate == 24_000 && file.channels == 1, "\(file)")
        #expect(abs(file.duration - sent.duration) < 0.01, "the file plays \(file.duration) s, said \(sent.duration) s")
        // The waveform: a loudness per 50 ms window (SPEC A.5).
        #expect(abs(Double(sent.samples) - sent.duration / 0.05) <= 2, "\(sent.samples) samples")
        try client.waitForLine("phase idle")
        // Its line's Play button plays it through the sound server (GTK's media stream).
        try client.click(ChatClient.firstPlayButton)
        try client.waitForLine("playing")
        let playing = try wait(timeout: 5, interval: 0.1) {
            try rig.sound.playingStreams().contains { !$0.contains("application.name = \"paplay\"") }
        }
        let streams = try rig.sound.playingStreams()
        #expect(playing, "the take plays: \(streams)")

        let before = client.printed.count
        try client.pressMic()
        try client.waitForLine("started", after: before)
        letTimePass(0.8)  // held a moment before the slide, as a person does
        try client.slide(toX: 40)
        try client.release()
        try client.waitForLine("cancelled", after: before)
        #expect(!client.printed.dropFirst(before).contains { $0.hasPrefix("sent") })
        #expect(client.takeFiles == [URL(fileURLWithPath: sent.path).lastPathComponent], "only the sent take is left")
        #expect(!client.errors.contains("CRITICAL") && !client.errors.contains("WARNING"), "\(client.errors)")
    }

    @Test(
        "--format opus --maximum-duration 2 from the client: an Opus take sent at 2 s; screen readers read its parts",
        .serialized, arguments: ChatClient.Language.allCases)
    func propertiesFromTheClient(_ language: ChatClient.Language) throws {
        let rig = try Rig()
        let bus = try SessionBus()
        defer { bus.stop() }
        let client = try rig.start(language, arguments: ["--format", "opus", "--maximum-duration", "2"], bus: bus)
        defer { client.stop() }
        let rest = try accessibleTree(bus) { $0.contains { $0.name == "Record voice message" } }
        #expect(rest.contains { $0.role == "button" && $0.name == "Record voice message" }, "\(rest)")
        #expect(!rest.contains { $0.name == "Recording" }, "the capsule is hidden at rest")
        #expect(rest.contains { $0.role == "list" && $0.name == "Messages" }, "the example names its list")
        // The control's own parts are all named in words or nameless (its container): none by a type's name.
        #expect(!rest.contains { $0.name.contains("VoiceRecorder") || $0.name.contains("GtkOverlay") }, "\(rest)")

        try client.pressMic()
        try client.waitForLine("started")
        let held = try accessibleTree(bus) { $0.contains { $0.name == "Recording" } }
        #expect(held.contains { $0.role == "button" && $0.name == "Send" }, "\(held)")
        // Still held when the maximum sends it.
        let sent = try SentLine(client.waitForLine("sent", timeout: 8))
        try client.release()
        #expect(sent.format == "opus" && sent.path.hasSuffix(".ogg"), "\(sent)")
        #expect(abs(sent.duration - 2) < 0.001, "sent at the maximum: \(sent.duration) s")
        let file = try ProbedFile(sent.path)
        #expect(file.codec == "opus" && file.channels == 1, "\(file)")
        #expect(abs(file.duration - 2) < 0.02, "the file plays \(file.duration) s")
        #expect(!client.errors.contains("CRITICAL"), "\(client.errors)")
    }

    @Test(
        "no sound server: failed, in the error domain, code access-denied, with words; nothing written",
        .serialized, arguments: ChatClient.Language.allCases)
    func accessDenied(_ language: ChatClient.Language) throws {
        let rig = try Rig()
        let nowhere = ChildProcess.Environment.inherited.adding([
            "PULSE_SERVER": "unix:" + rig.scratch.path("no-server"),
            "XDG_RUNTIME_DIR": rig.scratch.path("runtime"),
        ])
        let client = try rig.start(language, sound: nowhere)
        defer { client.stop() }
        try client.pressMic()
        letTimePass(0.5)  // a hold past the short beat: the press asks for the microphone
        try client.release()
        let failed = try client.waitForLine("failed")
        #expect(failed.hasPrefix("failed access-denied The microphone cannot be used: "), "\(failed)")
        #expect(!failed.contains("PA_ERR") && !failed.contains("pa_context"), "in words: \(failed)")
        #expect(!client.printed.contains { $0.hasPrefix("sent") || $0 == "started" })
        #expect(client.takeFiles.isEmpty, "\(client.takeFiles)")
    }

    @Test("a muted microphone: microphone-warning says muted and names the source; the take records on")
    func microphoneWarning() throws {
        let rig = try Rig()
        try rig.sound.setMute(true, source: rig.sound.monitorName)
        let client = try rig.start(.python)
        defer { client.stop() }
        try client.pressMic()
        let warning = try client.waitForLine("warning", timeout: 5)
        #expect(warning.hasPrefix("warning muted ") && warning != "warning muted -", "\(warning)")
        letTimePass(1)  // the take records on past the warning, as a person goes on holding
        try client.release()
        let sent = try SentLine(client.waitForLine("sent"))
        #expect(sent.duration > 0.6, "kept: \(sent.duration) s")
    }

    @Test("from code: output-directory chosen, a hands-free take started from the keyboard and sent by send()")
    func outputDirectoryAndSendFromCode() throws {
        let rig = try Rig()
        let folder = rig.scratch.file("takes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = rig.scratch.file("hands-free.py")
        try """
        import gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("VoiceRecorder", "1.0")
        from gi.repository import GLib, Gtk, VoiceRecorder
        def activate(app):
            window = Gtk.ApplicationWindow(application=app, title="Chat", default_width=480, default_height=200)
            entry = Gtk.Entry(hexpand=True)
            control = VoiceRecorder.Control(content=entry, output_directory="\(folder.path)")
            control.connect("started", lambda c: GLib.timeout_add(1500, lambda: c.send()))
            control.connect("sent", lambda c, take: (print("sent", take.props.path, flush=True), app.quit()))
            window.set_child(control)
            window.present()
            entry.grab_focus()
            print("ready", flush=True)
        app = Gtk.Application(application_id="org.voicerecorder.HandsFree")
        app.connect("activate", activate)
        app.run([])
        """.write(to: program, atomically: true, encoding: .utf8)
        let environment = rig.sound.clientEnvironment.adding(rig.library.environment).adding([
            "DISPLAY": rig.screen.name, "DBUS_SESSION_BUS_ADDRESS": "disabled:", "GTK_A11Y": "none",
            "GSK_RENDERER": "cairo", "PYTHONDONTWRITEBYTECODE": "1",
        ])
        let client = try ChildProcess(
            "/usr/bin/python3", [program.path], environment: environment, output: .capture, errors: .capture)
        defer { client.end() }
        #expect(wait(timeout: 20) { client.capturedOutput.contains("ready\n") }, "\(client.capturedErrors)")
        // Tab from the message field to the mic, Return: a hands-free take (SPEC A.14).
        try ChildProcess.output(
            of: "/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--name", "^Chat$", "windowfocus", "--sync"],
            environment: rig.screen.environment)
        try ChildProcess.output(
            of: "/usr/bin/xdotool", ["key", "--delay", "100", "Tab", "Return"], environment: rig.screen.environment)
        let outcome = try client.wait(timeout: 20)
        let sent = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("sent ") })
        let path = String(sent.dropFirst("sent ".count))
        #expect(URL(fileURLWithPath: path).deletingLastPathComponent().path == folder.path, "\(path)")
        #expect(try ProbedFile(path).duration > 1, "sent by send() after 1.5 s hands-free")
    }

    /// The accessible tree on `bus` once `condition` holds (or as it is after 10 s).
    private func accessibleTree(_ bus: SessionBus, until condition: ([AccessibleNode]) -> Bool) throws
        -> [AccessibleNode]
    {
        var tree: [AccessibleNode] = []
        _ = try wait(timeout: 10, interval: 0.2) {
            tree = try AccessibleTree.read(busAddress: bus.address)
            return condition(tree)
        }
        return tree
    }
}
