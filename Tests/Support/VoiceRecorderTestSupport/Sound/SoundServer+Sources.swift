import Foundation

/// Capture sources made, muted and removed on a private server while something runs against it (SPEC F): a null
/// sink of its own, and a source remapped from its monitor that is listed as a microphone, under a description.
extension SoundServer {
    /// A microphone-like source made on the server: its name, and the modules to unload to take it away.
    public struct MadeSource: Sendable {
        /// The source's name (what takes record from).
        public let name: String
        /// The sink it hears: whatever plays into this is what it records.
        public let sinkName: String
        /// The modules behind it, the source's first.
        public let modules: [String]
    }

    /// Makes a source called `name`, described as `description`, that hears a null sink of its own (`name_sink`):
    /// with nothing playing there it records digital silence.
    public func makeSource(name: String, description: String) throws -> MadeSource {
        let sink = "\(name)_sink"
        let sinkModule = try pactl(
            "load-module", "module-null-sink", "sink_name=\(sink)", "rate=24000", "channels=1"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let sourceModule = try pactl(
            "load-module", "module-remap-source", "master=\(sink).monitor", "source_name=\(name)",
            "source_properties=\"device.description='\(description)'\""
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        return MadeSource(name: name, sinkName: sink, modules: [sourceModule, sinkModule])
    }

    /// Takes a made source away, as unplugging a headset does.
    public func remove(_ source: MadeSource) throws {
        for module in source.modules { try pactl("unload-module", module) }
    }

    /// Mutes or unmutes the source called `name` on the server.
    public func setMute(_ muted: Bool, source name: String) throws {
        try pactl("set-source-mute", name, muted ? "1" : "0")
    }

    /// Whether the source called `name` is muted, as the server says.
    public func isMuted(source name: String) throws -> Bool {
        try pactl("get-source-mute", name).contains("yes")
    }

    /// Makes `name` the default source.
    public func setDefaultSource(_ name: String) throws {
        try pactl("set-default-source", name)
    }
}
