import Foundation
import VoiceRecorder
import VoiceRecorderCore

/// Records what a capture reports, from any thread, with the time each event arrived.
public final class CaptureLog: Sendable {
    private struct Entries {
        var events: [(event: CaptureEvent, at: Date)] = []
        var samples: [Float] = []
    }

    private let entries = Locked(Entries())
    public let createdAt = Date()

    public init() {}

    /// The handler to give to `start`.
    public var handler: @Sendable (CaptureEvent) -> Void {
        { [entries] event in
            entries.withLock { entries in
                entries.events.append((event, Date()))
                if case .samples(let samples) = event { entries.samples.append(contentsOf: samples) }
            }
        }
    }

    /// How many events arrived.
    public var count: Int { entries.withLock { $0.events.count } }
    /// Every sample delivered, in order.
    public var samples: [Float] { entries.withLock { $0.samples } }

    /// When `.started` arrived, if it did.
    public var startedAt: Date? {
        entries.withLock { $0.events.first { if case .started = $0.event { true } else { false } }?.at }
    }

    /// The interruption or failure that ended the capture, if any.
    public var ending: CaptureEvent? {
        entries.withLock {
            $0.events.last {
                switch $0.event {
                case .failed, .interrupted: true
                default: false
                }
            }?.event
        }
    }

    /// The interruption that ended the capture, if one did.
    public var interruption: Interruption? {
        if case .interrupted(let interruption) = ending { interruption } else { nil }
    }

    /// The failure that ended the capture, if one did.
    public var failure: String? {
        if case .failed(let message) = ending { message } else { nil }
    }

    /// Every `.samples` event: how many frames it carried and when it arrived.
    public var transfers: [(frames: Int, at: Date)] {
        entries.withLock {
            $0.events.compactMap { entry in
                if case .samples(let samples) = entry.event { (samples.count, entry.at) } else { nil }
            }
        }
    }

    /// How many `.started` events arrived.
    public var startedCount: Int {
        entries.withLock { $0.events.filter { if case .started = $0.event { true } else { false } }.count }
    }
}
