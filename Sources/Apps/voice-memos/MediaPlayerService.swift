import Foundation
import VoiceMemos
import VoiceRecorderDBus

/// The memos' playback on the desktop's media controls and media keys (SPEC J.2): MPRIS (`org.mpris.MediaPlayer2`
/// and `.Player` at `/org/mpris/MediaPlayer2`) on the session bus, from the first memo played until the app ends.
/// What it says and what its commands do are `MediaControls`' rules; this carries them over D-Bus and tells
/// listeners what changed.
final class MediaPlayerService {
    static let path = "/org/mpris/MediaPlayer2"
    static let root = "org.mpris.MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"

    private let busName: String
    private let model: MemosModel
    private let raise: () -> Void
    private let quit: () -> Void
    private var name: DBusName?
    private var export: DBusExport?
    /// What listeners were last told (nil until the name is owned).
    private var told: MediaControls.Status?
    private var lastSeek: PlaybackTag?

    /// `instance`: a second library's app (`--data-dir`) is a player of its own, named apart.
    init(model: MemosModel, instance: Bool, raise: @escaping () -> Void, quit: @escaping () -> Void) {
        busName = "org.mpris.MediaPlayer2.VoiceMemos" + (instance ? ".instance\(getpid())" : "")
        self.model = model
        self.raise = raise
        self.quit = quit
    }

    /// Follows the model: the player appears with the first memo played; each change is told to listeners, and a
    /// jump of the position as `Seeked`.
    func render(_ state: MemosState) {
        let status = MediaControls.status(of: state)
        guard status.track != nil || name != nil else { return }
        if name == nil, ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil {
            name = DBusName(
                sessionBus: busName, acquired: { [weak self] connection in self?.exported(on: connection) },
                lost: { [weak self] in self?.export = nil })
        }
        guard let export, let told else { return }
        var changed: [(String, OpaquePointer)] = []
        if status.playbackStatus != told.playbackStatus {
            changed.append(("PlaybackStatus", GVariantMaker.string(status.playbackStatus)))
        }
        if status.track != told.track { changed.append(("Metadata", Self.metadata(status.track))) }
        if status.rate != told.rate { changed.append(("Rate", GVariantMaker.double(status.rate))) }
        for (property, now, before) in [
            ("CanPlay", status.canPlay, told.canPlay), ("CanPause", status.canPause, told.canPause),
            ("CanSeek", status.canSeek, told.canSeek), ("CanGoNext", status.canGoNext, told.canGoNext),
            ("CanGoPrevious", status.canGoPrevious, told.canGoPrevious),
        ] where now != before {
            changed.append((property, GVariantMaker.bool(now)))
        }
        export.propertiesChanged(Self.player, changed)
        self.told = status
        if let tag = state.playing?.tag, let lastSeek, tag.play == lastSeek.play, tag.seek != lastSeek.seek {
            export.emit(
                "Seeked", of: Self.player, GVariantMaker.tuple([GVariantMaker.int64(Self.micro(status.position))]))
        }
        lastSeek = state.playing?.tag
    }

    private func exported(on connection: OpaquePointer) {
        do {
            export = try DBusExport(
                connection: connection, path: Self.path, introspection: Self.introspection,
                methods: { [weak self] interface, method, arguments in
                    self?.call(interface, method, arguments)
                    return GVariantMaker.tuple([])
                },
                properties: { [weak self] interface, property in self?.property(interface, property) })
            told = MediaControls.status(of: model.state)
        } catch {
            FileHandle.standardError.write(Data("voice-memos: the media controls: \(error)\n".utf8))
        }
    }

    private func call(_ interface: String, _ method: String, _ arguments: GVariantReader) {
        let command: MediaControls.Command
        switch method {
        case "Raise": return raise()
        case "Quit": return quit()
        case "Play": command = .play
        case "Pause": command = .pause
        case "PlayPause": command = .playPause
        case "Stop": command = .stop
        case "Next": command = .next
        case "Previous": command = .previous
        case "Seek": command = .seek(by: Double(arguments.int64(at: 0)) / 1_000_000)
        case "SetPosition":
            command = .setPosition(trackPath: arguments.string(at: 0), to: Double(arguments.int64(at: 1)) / 1_000_000)
        default: return  // OpenUri: a memo is not opened from a URI
        }
        for action in MediaControls.actions(for: command, in: model.state) { model.send(action) }
    }

    private func property(_ interface: String, _ property: String) -> OpaquePointer? {
        let status = MediaControls.status(of: model.state)
        switch (interface, property) {
        case (Self.root, "CanQuit"), (Self.root, "CanRaise"), (Self.player, "CanControl"):
            return GVariantMaker.bool(true)
        case (Self.root, "HasTrackList"), (Self.root, "Fullscreen"), (Self.root, "CanSetFullscreen"),
            (Self.player, "Shuffle"):
            return GVariantMaker.bool(false)
        case (Self.root, "Identity"): return GVariantMaker.string(AppText.appName)
        case (Self.root, "DesktopEntry"): return GVariantMaker.string(MemosApplication.id)
        case (Self.root, "SupportedUriSchemes"), (Self.root, "SupportedMimeTypes"): return GVariantMaker.strings([])
        case (Self.player, "PlaybackStatus"): return GVariantMaker.string(status.playbackStatus)
        case (Self.player, "LoopStatus"): return GVariantMaker.string("None")
        case (Self.player, "Rate"): return GVariantMaker.double(status.rate)
        case (Self.player, "MinimumRate"): return GVariantMaker.double(PlaybackSpeed.normal.rate)
        case (Self.player, "MaximumRate"): return GVariantMaker.double(PlaybackSpeed.double.rate)
        case (Self.player, "Volume"): return GVariantMaker.double(1)
        case (Self.player, "Metadata"): return Self.metadata(status.track)
        case (Self.player, "Position"): return GVariantMaker.int64(Self.micro(status.position))
        case (Self.player, "CanGoNext"): return GVariantMaker.bool(status.canGoNext)
        case (Self.player, "CanGoPrevious"): return GVariantMaker.bool(status.canGoPrevious)
        case (Self.player, "CanPlay"): return GVariantMaker.bool(status.canPlay)
        case (Self.player, "CanPause"): return GVariantMaker.bool(status.canPause)
        case (Self.player, "CanSeek"): return GVariantMaker.bool(status.canSeek)
        default: return nil
        }
    }

    /// MPRIS's metadata of `track`: its ID, title and length (µs); an empty map when there is none.
    private static func metadata(_ track: MediaControls.Track?) -> OpaquePointer {
        guard let track else { return GVariantMaker.dictionary([]) }
        return GVariantMaker.dictionary([
            ("mpris:trackid", GVariantMaker.objectPath(track.objectPath)),
            ("xesam:title", GVariantMaker.string(track.title)),
            ("mpris:length", GVariantMaker.int64(micro(track.length))),
        ])
    }

    /// Seconds as MPRIS's microseconds.
    private static func micro(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// The two interfaces, as the MPRIS specification declares them (Rate read-only: the app's three speeds are
    /// chosen in the app).
    static let introspection = """
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="Fullscreen" type="b" access="read"/>
            <property name="CanSetFullscreen" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek"><arg type="x" name="Offset" direction="in"/></method>
            <method name="SetPosition">
              <arg type="o" name="TrackId" direction="in"/>
              <arg type="x" name="Position" direction="in"/>
            </method>
            <method name="OpenUri"><arg type="s" name="Uri" direction="in"/></method>
            <signal name="Seeked"><arg type="x" name="Position"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="LoopStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="read"/>
            <property name="Shuffle" type="b" access="read"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="read"/>
            <property name="Position" type="x" access="read"/>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read"/>
          </interface>
        </node>
        """
}
