import CGtk
import Foundation
import VoiceRecorder

/// The GTK thread as a `SessionScheduler`: the GLib main loop runs every action, and time is GLib's monotonic clock.
///
/// This is the one way anything hops onto the GTK thread in this package (`post` from any thread), so a session, its
/// capture threads and the widget all meet in one place. Sources are added with destroy notifies, so each action's
/// closure is released exactly once, whether it ran or was cancelled.
public final class GLibScheduler: SessionScheduler, Sendable {
    /// A scheduled GLib source that can be removed before it fires.
    /// `@unchecked Sendable`: `sourceID` is touched on the GTK thread only (`cancel` hops there)
    private final class Timer: ScheduledAction, @unchecked Sendable {
        /// The source id while it is pending; 0 once it ran or was cancelled (touched on the GTK thread only).
        var sourceID: guint = 0
        let action: @Sendable () -> Void
        init(_ action: @escaping @Sendable () -> Void) { self.action = action }

        func cancel() {
            // Cancelling from another thread hops to the GTK thread first, so `sourceID` is only touched there.
            let remove: @Sendable () -> Void = { [self] in
                if sourceID != 0 {
                    g_source_remove(sourceID)
                    sourceID = 0
                }
            }
            if g_main_context_is_owner(nil) != 0 { remove() } else { GLibScheduler.invoke(remove) }
        }
    }

    /// A scheduler on the default GLib main context (the GTK thread).
    public init() {}

    /// Seconds on GLib's monotonic clock (the clock GTK's frame clock also uses).
    public var now: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let timer = Timer(action)
        let milliseconds = guint(min(max(0, (delay * 1000).rounded(.up)), Double(UInt32.max)))
        let box = Unmanaged.passRetained(timer).toOpaque()
        timer.sourceID = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                let timer = Unmanaged<Timer>.fromOpaque(data!).takeUnretainedValue()
                timer.sourceID = 0
                timer.action()
                return 0  // G_SOURCE_REMOVE: one shot
            }, box, { data in Unmanaged<Timer>.fromOpaque(data!).release() })
        return timer
    }

    public func post(_ action: @escaping @Sendable () -> Void) { Self.invoke(action) }

    /// Whether the caller runs the default main context (the GTK thread), or is the main thread before the main
    /// loop runs (while the app builds its window).
    public var isOnSessionThread: Bool { g_main_context_is_owner(nil) != 0 || Thread.isMainThread }

    /// Runs `action` on the GTK thread soon, from any thread (an idle source on the default main context).
    public static func invoke(_ action: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(ActionBox(action)).toOpaque()
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                Unmanaged<ActionBox>.fromOpaque(data!).takeUnretainedValue().action()
                return 0  // G_SOURCE_REMOVE
            }, box, { data in Unmanaged<ActionBox>.fromOpaque(data!).release() })
    }
}

/// A closure carried through a C `gpointer`.
/// `@unchecked Sendable`: immutable after init; GLib runs its closure on the GTK thread only
final class ActionBox: @unchecked Sendable {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}
