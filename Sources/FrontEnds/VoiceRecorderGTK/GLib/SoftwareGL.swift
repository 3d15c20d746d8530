import Foundation

/// Whether GTK should keep away from OpenGL: on a machine with no GPU (no render node in `/dev/dri`), GL would be
/// Mesa's software rasteriser (llvmpipe), which costs a window about 128 MiB and 136 ms at start (docs/BENCHMARKS.md)
/// to draw on the CPU what Cairo draws there faster. With a GPU, GTK's own choice stands; so does whatever the
/// person asked for (`GDK_DEBUG`, `GSK_RENDERER`, `GDK_DISABLE`).
public enum SoftwareGL {
    /// Whether to tell GTK not to use GL, given the environment and the names in `/dev/dri`.
    public static func shouldDisable(environment: [String: String], renderNodes: [String]) -> Bool {
        let asked = ["GDK_DEBUG", "GSK_RENDERER", "GDK_DISABLE"].contains { !(environment[$0] ?? "").isEmpty }
        return !asked && !renderNodes.contains { $0.hasPrefix("renderD") }
    }

    /// Tells GTK (before `gtk_init`) not to use GL when `shouldDisable` says so: `GDK_DEBUG=gl-disable` (GTK 4.8's
    /// switch; later versions read `GDK_DISABLE=gl` too, set as well).
    public static func disableBeforeGTKStartsIfSoftware() {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        guard shouldDisable(environment: ProcessInfo.processInfo.environment, renderNodes: nodes) else { return }
        setenv("GDK_DEBUG", "gl-disable", 0)
        setenv("GDK_DISABLE", "gl", 0)
    }
}
