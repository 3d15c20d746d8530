import CFFmpeg

#if canImport(Glibc)
    import Glibc
#endif

/// An owned `AVPacket`: one compressed frame on its way between a codec and a container.
final class Packet {
    /// The packet; valid for the object's lifetime.
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet.
    init() throws(FFmpegError) {
        try FFmpegLibraries.load()
        guard let packet = av_packet_alloc() else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "av_packet_alloc")
        }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    /// Drops the packet's data, ready for reuse.
    func unref() { av_packet_unref(pointer) }
}
