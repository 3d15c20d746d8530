#ifndef VOICERECORDER_FFMPEG_FUNCTIONS_H
#define VOICERECORDER_FFMPEG_FUNCTIONS_H

// FFmpeg's libraries and the functions of theirs the package calls, listed once for the loader (which opens and
// resolves them) and the forwarders (which define them).

// The libraries, in the order they are opened (each after those it depends on), with the major version of the
// headers: the file opened is that version's (libavcodec.so.59), whose functions have the headers' signatures.
#define VR_FFMPEG_LIBRARIES(LIBRARY) \
    LIBRARY(avutil, LIBAVUTIL_VERSION_MAJOR) \
    LIBRARY(swresample, LIBSWRESAMPLE_VERSION_MAJOR) \
    LIBRARY(avcodec, LIBAVCODEC_VERSION_MAJOR) \
    LIBRARY(avformat, LIBAVFORMAT_VERSION_MAJOR)

// libavfilter, opened apart and later, by `vr_ffmpeg_load_filter()`: only playback at another speed (the atempo
// filter) needs it, and it brings thirty-odd libraries of its own (BLAS and LAPACK, flite's voices, Vulkan…),
// about 4 MB of private memory that a recording never needs.
#define VR_FFMPEG_FILTER_LIBRARY(LIBRARY) LIBRARY(avfilter, LIBAVFILTER_VERSION_MAJOR)

// The functions, each with the library that defines it:
//   FUNCTION(library, return type, name, (parameters), (arguments))
//   PROCEDURE(library, name, (parameters), (arguments))                 for the functions that return nothing
// The parameters must be FFmpeg's own: the compiler checks each forwarder against the header's declaration. A
// function the package starts to call that is missing here fails the link, as nothing else defines it.

#define VR_FFMPEG_FUNCTIONS(FUNCTION, PROCEDURE) \
    /* libavutil: errors and the log */ \
    FUNCTION(avutil, int, av_strerror, (int code, char *buffer, size_t size), (code, buffer, size)) \
    PROCEDURE(avutil, av_log_set_callback, (void (*callback)(void *, int, const char *, va_list)), (callback)) \
    PROCEDURE( \
        avutil, av_log_default_callback, (void *context, int level, const char *format, va_list arguments), \
        (context, level, format, arguments)) \
    /* libavutil: frames, channel layouts, dictionaries, time */ \
    FUNCTION(avutil, AVFrame *, av_frame_alloc, (void), ()) \
    PROCEDURE(avutil, av_frame_free, (AVFrame **frame), (frame)) \
    FUNCTION(avutil, int, av_frame_get_buffer, (AVFrame *frame, int align), (frame, align)) \
    FUNCTION(avutil, int, av_frame_make_writable, (AVFrame *frame), (frame)) \
    PROCEDURE(avutil, av_frame_unref, (AVFrame *frame), (frame)) \
    FUNCTION( \
        avutil, int, av_channel_layout_copy, (AVChannelLayout *destination, const AVChannelLayout *source), \
        (destination, source)) \
    PROCEDURE(avutil, av_channel_layout_default, (AVChannelLayout *layout, int channels), (layout, channels)) \
    PROCEDURE(avutil, av_channel_layout_uninit, (AVChannelLayout *layout), (layout)) \
    PROCEDURE(avutil, av_dict_free, (AVDictionary **dictionary), (dictionary)) \
    FUNCTION( \
        avutil, AVDictionaryEntry *, av_dict_get, \
        (const AVDictionary *dictionary, const char *key, const AVDictionaryEntry *previous, int flags), \
        (dictionary, key, previous, flags)) \
    FUNCTION( \
        avutil, int, av_dict_set, (AVDictionary **dictionary, const char *key, const char *value, int flags), \
        (dictionary, key, value, flags)) \
    FUNCTION(avutil, int64_t, av_rescale_q, (int64_t a, AVRational from, AVRational to), (a, from, to)) \
    /* libswresample */ \
    FUNCTION( \
        swresample, int, swr_alloc_set_opts2, \
        (struct SwrContext **context, AVChannelLayout *outputLayout, enum AVSampleFormat outputFormat, \
         int outputRate, AVChannelLayout *inputLayout, enum AVSampleFormat inputFormat, int inputRate, \
         int logOffset, void *logContext), \
        (context, outputLayout, outputFormat, outputRate, inputLayout, inputFormat, inputRate, logOffset, \
         logContext)) \
    FUNCTION( \
        swresample, int, swr_set_matrix, (struct SwrContext *context, const double *matrix, int stride), \
        (context, matrix, stride)) \
    FUNCTION(swresample, int, swr_init, (struct SwrContext *context), (context)) \
    FUNCTION( \
        swresample, int, swr_convert, \
        (struct SwrContext *context, uint8_t **output, int outputCount, const uint8_t **input, int inputCount), \
        (context, output, outputCount, input, inputCount)) \
    FUNCTION( \
        swresample, int, swr_get_out_samples, (struct SwrContext *context, int inputSamples), \
        (context, inputSamples)) \
    PROCEDURE(swresample, swr_free, (struct SwrContext **context), (context)) \
    /* libavcodec: codecs */ \
    FUNCTION(avcodec, const AVCodec *, avcodec_find_encoder, (enum AVCodecID id), (id)) \
    FUNCTION(avcodec, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name)) \
    FUNCTION(avcodec, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id)) \
    FUNCTION(avcodec, const char *, avcodec_get_name, (enum AVCodecID id), (id)) \
    FUNCTION(avcodec, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
    PROCEDURE(avcodec, avcodec_free_context, (AVCodecContext **context), (context)) \
    FUNCTION( \
        avcodec, int, avcodec_open2, (AVCodecContext *context, const AVCodec *codec, AVDictionary **options), \
        (context, codec, options)) \
    PROCEDURE(avcodec, avcodec_flush_buffers, (AVCodecContext *context), (context)) \
    FUNCTION( \
        avcodec, int, avcodec_send_frame, (AVCodecContext *context, const AVFrame *frame), (context, frame)) \
    FUNCTION( \
        avcodec, int, avcodec_receive_frame, (AVCodecContext *context, AVFrame *frame), (context, frame)) \
    FUNCTION( \
        avcodec, int, avcodec_send_packet, (AVCodecContext *context, const AVPacket *packet), \
        (context, packet)) \
    FUNCTION( \
        avcodec, int, avcodec_receive_packet, (AVCodecContext *context, AVPacket *packet), (context, packet)) \
    /* libavcodec: codec parameters and packets */ \
    FUNCTION( \
        avcodec, int, avcodec_parameters_copy, (AVCodecParameters *destination, const AVCodecParameters *source), \
        (destination, source)) \
    FUNCTION( \
        avcodec, int, avcodec_parameters_from_context, \
        (AVCodecParameters *parameters, const AVCodecContext *context), (parameters, context)) \
    FUNCTION( \
        avcodec, int, avcodec_parameters_to_context, \
        (AVCodecContext *context, const AVCodecParameters *parameters), (context, parameters)) \
    FUNCTION(avcodec, AVPacket *, av_packet_alloc, (void), ()) \
    PROCEDURE(avcodec, av_packet_free, (AVPacket **packet), (packet)) \
    PROCEDURE(avcodec, av_packet_unref, (AVPacket *packet), (packet)) \
    PROCEDURE(avcodec, av_packet_move_ref, (AVPacket *destination, AVPacket *source), (destination, source)) \
    PROCEDURE( \
        avcodec, av_packet_rescale_ts, (AVPacket *packet, AVRational from, AVRational to), (packet, from, to)) \
    /* libavformat: reading */ \
    FUNCTION( \
        avformat, int, avformat_open_input, \
        (AVFormatContext **context, const char *url, const AVInputFormat *format, AVDictionary **options), \
        (context, url, format, options)) \
    FUNCTION( \
        avformat, int, avformat_find_stream_info, (AVFormatContext *context, AVDictionary **options), \
        (context, options)) \
    FUNCTION( \
        avformat, int, av_find_best_stream, \
        (AVFormatContext *context, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, \
         int flags), \
        (context, type, wanted, related, decoder, flags)) \
    FUNCTION(avformat, int, av_read_frame, (AVFormatContext *context, AVPacket *packet), (context, packet)) \
    FUNCTION( \
        avformat, int, av_seek_frame, (AVFormatContext *context, int stream, int64_t timestamp, int flags), \
        (context, stream, timestamp, flags)) \
    PROCEDURE(avformat, avformat_close_input, (AVFormatContext **context), (context)) \
    /* libavformat: writing */ \
    FUNCTION( \
        avformat, int, avformat_alloc_output_context2, \
        (AVFormatContext **context, const AVOutputFormat *format, const char *formatName, const char *fileName), \
        (context, format, formatName, fileName)) \
    PROCEDURE(avformat, avformat_free_context, (AVFormatContext *context), (context)) \
    FUNCTION(avformat, AVStream *, avformat_new_stream, (AVFormatContext *context, const AVCodec *codec), \
        (context, codec)) \
    FUNCTION(avformat, int, avio_open, (AVIOContext **context, const char *url, int flags), (context, url, flags)) \
    FUNCTION(avformat, int, avio_closep, (AVIOContext **context), (context)) \
    FUNCTION( \
        avformat, int, avformat_write_header, (AVFormatContext *context, AVDictionary **options), \
        (context, options)) \
    FUNCTION(avformat, int, av_write_frame, (AVFormatContext *context, AVPacket *packet), (context, packet)) \
    FUNCTION(avformat, int, av_write_trailer, (AVFormatContext *context), (context)) \
    /* libavfilter: a graph of filters, fed and drained through its buffer source and sink */ \
    FUNCTION(avfilter, const AVFilter *, avfilter_get_by_name, (const char *name), (name)) \
    FUNCTION(avfilter, AVFilterGraph *, avfilter_graph_alloc, (void), ()) \
    FUNCTION( \
        avfilter, int, avfilter_graph_create_filter, \
        (AVFilterContext **context, const AVFilter *filter, const char *name, const char *arguments, void *opaque, \
         AVFilterGraph *graph), \
        (context, filter, name, arguments, opaque, graph)) \
    FUNCTION( \
        avfilter, int, avfilter_link, \
        (AVFilterContext *source, unsigned sourcePad, AVFilterContext *destination, unsigned destinationPad), \
        (source, sourcePad, destination, destinationPad)) \
    FUNCTION(avfilter, int, avfilter_graph_config, (AVFilterGraph *graph, void *logContext), (graph, logContext)) \
    PROCEDURE(avfilter, avfilter_graph_free, (AVFilterGraph **graph), (graph)) \
    FUNCTION( \
        avfilter, int, av_buffersrc_add_frame_flags, (AVFilterContext *source, AVFrame *frame, int flags), \
        (source, frame, flags)) \
    FUNCTION(avfilter, int, av_buffersink_get_frame, (AVFilterContext *sink, AVFrame *frame), (sink, frame))

#endif
