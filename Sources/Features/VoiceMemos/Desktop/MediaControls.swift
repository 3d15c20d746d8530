import Foundation

/// The desktop's media controls over the memos (SPEC J.2, MPRIS), as values: what the media keys and the shell's
/// controls see of the memos' playback, and what their commands do to it. The app carries these over D-Bus.
public enum MediaControls {
    /// What MPRIS says of the playback (the `org.mpris.MediaPlayer2.Player` properties).
    public struct Status: Sendable, Equatable {
        /// "Playing", "Paused" (stopped partway, where it will go on) or "Stopped".
        public var playbackStatus: String
        /// The memo the controls are about: the one playing, else the one played last; nil before any.
        public var track: Track?
        /// Seconds into it.
        public var position: Double
        /// The speed (1, 1.5 or 2).
        public var rate: Double
        public var canPlay: Bool
        public var canPause: Bool
        public var canSeek: Bool
        public var canGoNext: Bool
        public var canGoPrevious: Bool
    }

    /// The memo the controls are about.
    public struct Track: Sendable, Equatable {
        public var id: UUID
        /// The MPRIS track ID: an object path made from the memo's ID.
        public var objectPath: String
        /// The title it shows (its own, or its first words).
        public var title: String
        /// Seconds.
        public var length: Double
    }

    /// What a media key or the shell's controls asked for.
    public enum Command: Sendable, Equatable {
        case play, pause, playPause, stop, next, previous
        /// Moves by this many seconds (back when negative).
        case seek(by: Double)
        /// Moves the track with this object path to this second (ignored for another track).
        case setPosition(trackPath: String, to: Double)
        /// Plays at this rate: the nearest of 1, 1.5 and 2.
        case rate(Double)
    }

    /// The object path MPRIS names the memo `id` by.
    public static func objectPath(of id: UUID) -> String {
        "/org/voicerecorder/VoiceMemos/Memo/" + id.uuidString.replacingOccurrences(of: "-", with: "_")
    }

    /// The memo the controls are about in `state`: the one playing, else the one played last (while the library
    /// still has it outside Recently Deleted).
    static func current(in state: MemosState) -> Memo? {
        guard let id = state.playing?.memoID ?? state.lastPlayed, let memo = state.memo(id), !memo.isDeleted else {
            return nil
        }
        return memo
    }

    /// The status of `state`.
    public static func status(of state: MemosState) -> Status {
        let memo = current(in: state)
        let position = state.playing?.position ?? memo.flatMap { state.positions[$0.id] } ?? 0
        let list = state.visibleMemos
        let index = memo.flatMap { memo in list.firstIndex { $0.id == memo.id } }
        return Status(
            playbackStatus: state.playing != nil ? "Playing" : position > 0 ? "Paused" : "Stopped",
            track: memo.map {
                Track(
                    id: $0.id, objectPath: objectPath(of: $0.id), title: MemoTitle.displayTitle(of: $0),
                    length: $0.duration)
            },
            position: position, rate: state.speed.rate, canPlay: memo != nil || !list.isEmpty,
            canPause: state.playing != nil, canSeek: memo != nil,
            canGoNext: index.map { $0 + 1 < list.count } ?? false, canGoPrevious: index.map { $0 > 0 } ?? false)
    }

    /// The model's actions for `command` in `state` (none when it asks for nothing that can be done).
    public static func actions(for command: Command, in state: MemosState) -> [MemosAction] {
        let memo = current(in: state)
        switch command {
        case .play:
            guard state.playing == nil, let id = memo?.id ?? state.visibleMemos.first?.id else { return [] }
            return [.playTapped(id)]
        case .pause:
            // The app's own stop keeps the place, which is MPRIS's pause.
            return state.playing.map { [.playTapped($0.memoID)] } ?? []
        case .playPause:
            return actions(for: state.playing == nil ? .play : .pause, in: state)
        case .stop:
            guard let memo else { return [] }
            return (state.playing != nil ? [.playTapped(memo.id)] : []) + [.seek(memo.id, to: 0)]
        case .next, .previous:
            let list = state.visibleMemos
            guard let memo, let index = list.firstIndex(where: { $0.id == memo.id }) else { return [] }
            let neighbour = index + (command == .next ? 1 : -1)
            guard list.indices.contains(neighbour) else { return [] }
            return [.seek(list[neighbour].id, to: 0), .playTapped(list[neighbour].id)]
        case .seek(let offset):
            guard let memo else { return [] }
            let position = state.playing?.position ?? state.positions[memo.id] ?? 0
            return [.seek(memo.id, to: position + offset)]
        case .setPosition(let path, let seconds):
            guard let memo, objectPath(of: memo.id) == path else { return [] }
            return [.seek(memo.id, to: seconds)]
        case .rate(let rate):
            guard rate.isFinite, rate > 0 else { return [] }
            let nearest = PlaybackSpeed.allCases.min { abs($0.rate - rate) < abs($1.rate - rate) } ?? .normal
            return [.speedChosen(nearest)]
        }
    }
}
