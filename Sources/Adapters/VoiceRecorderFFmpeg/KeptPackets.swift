import CFFmpeg

/// Which packets of a take a cut keeps (SPEC D.5), deciding packet by packet as the remux reads them in order:
/// every packet that overlaps the kept frames, and the one just before the first of them.
///
/// That one packet of pre-roll is needed because AAC overlaps each frame with the one before: without it the
/// first kept frame would decode faded in. The edit list hides it; the packets before it are not kept at all, so
/// the audio cut away from the start is gone from the file. The last kept packet is shortened to end where the
/// range ends (it still carries the rest of its own frame, which the edit list hides too).
///
/// The range given starts on a packet boundary (`TakeRemuxer.cut` moves it to the first one inside the kept part,
/// `CodedFrameCut`), so a recipient who ignores the edit list hears exactly one frame from before it, and under one
/// frame after its end. Given a start inside a packet (a range too short to hold a boundary), that packet counts as
/// kept (its head hidden by the edit list) and the pre-roll is the one before: then up to two frames precede it.
final class KeptPackets {
    /// Where the kept part starts and ends, in take time (0 = the first recorded frame), in the stream's time base.
    let start: Int64
    let end: Int64
    /// The latest packet seen that lies wholly before `start`: the pre-roll, if the next one is kept.
    private let preRoll: Packet
    private var holdsPreRoll = false

    /// Where a packet lies against the kept part.
    enum Place {
        /// Before it (held as the possible pre-roll): not written.
        case before
        /// In it: written, after the pre-roll packet when there is one still to write.
        case inside(preRoll: Packet?)
        /// Past it: this packet and every later one are left out.
        case after
    }

    init(start: Int64, end: Int64) throws(FFmpegError) {
        self.start = start
        self.end = end
        preRoll = try Packet()
    }

    /// Places `packet`, whose `pts` (take time) and `duration` are set. A packet before the range is moved into
    /// the pre-roll slot (leaving `packet` blank); one that runs past the range's end is shortened to end there.
    func place(_ packet: Packet) -> Place {
        let packetStart = packet.pointer.pointee.pts
        let packetEnd = packetStart + packet.pointer.pointee.duration
        if packetEnd <= start {
            preRoll.unref()
            av_packet_move_ref(preRoll.pointer, packet.pointer)
            holdsPreRoll = true
            return .before
        }
        if packetStart >= end { return .after }
        if packetEnd > end { packet.pointer.pointee.duration = end - packetStart }
        defer { holdsPreRoll = false }
        return .inside(preRoll: holdsPreRoll ? preRoll : nil)
    }
}
