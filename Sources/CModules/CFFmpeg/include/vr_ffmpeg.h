#ifndef VOICERECORDER_CFFMPEG_H
#define VOICERECORDER_CFFMPEG_H

// FFmpeg's libavutil, libswresample, libavcodec and libavformat (and, apart, libavfilter), opened when first needed
// instead of when the program starts.
//
// Linking them makes the dynamic loader map and relocate them, and the dozens of libraries libavcodec depends on
// (codecs, rsvg, gnutls…), before `main` runs: about 40 ms and 5 MB of private memory at every launch, in a
// `voicerec --help` that never encodes anything, and in a `voicerec record` before it can ask the sound server
// for the microphone. So the package does not link them: `vr_ffmpeg_load()` opens them (dlopen), once, and the
// functions the package calls, declared here by FFmpeg's own headers, are defined by this module with the same
// names and signatures, each forwarding to the library's function (see vr_ffmpeg_forwarders.c). The adapter calls
// them as it would call FFmpeg; it calls `vr_ffmpeg_load()` first so that a missing library is an error in words.

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

/// Opens FFmpeg's libraries and resolves the functions the package calls (once per process; later calls return
/// the first call's result). Returns 0 when they are loaded, -1 when they cannot be: then
/// `vr_ffmpeg_load_failed_library` names the library and `vr_ffmpeg_load_error` says why. Thread-safe.
int vr_ffmpeg_load(void);

/// The library that could not be loaded, e.g. "libavcodec"; empty when loading did not fail.
const char *vr_ffmpeg_load_failed_library(void);

/// Why it could not be loaded, in the dynamic loader's words (e.g. "libavcodec.so.59: cannot open shared object
/// file: No such file or directory"); empty when loading did not fail.
const char *vr_ffmpeg_load_error(void);

/// Opens libavfilter too (after the other libraries; once per process, thread-safe), for the filter functions:
/// only playback at another speed needs it. Returns 0 when it is loaded, -1 when it (or the libraries it needs)
/// cannot be: then `vr_ffmpeg_load_filter_error` says why.
int vr_ffmpeg_load_filter(void);

/// Why libavfilter could not be loaded, in the dynamic loader's words; empty when loading it did not fail.
const char *vr_ffmpeg_load_filter_error(void);

// AVERROR(e) is a function-like macro, which Swift cannot import.
static inline int vr_averror(int posix_error) { return AVERROR(posix_error); }

// AVERROR_EOF is built with FFERRTAG, a function-like macro, so the constant does not import.
static inline int vr_averror_eof(void) { return AVERROR_EOF; }

// AVERROR(EAGAIN) spelled once: "feed more input / drain output first", an expected outcome.
static inline int vr_averror_eagain(void) { return AVERROR(EAGAIN); }

// AVERROR_INVALIDDATA is built with FFERRTAG and does not import.
static inline int vr_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

// AVERROR_STREAM_NOT_FOUND is built with FFERRTAG and does not import.
static inline int vr_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }

// AV_NOPTS_VALUE is a cast expression ((int64_t)UINT64_C(...)), which does not import.
static inline int64_t vr_av_nopts_value(void) { return AV_NOPTS_VALUE; }

// AV_TIME_BASE_Q is a compound literal, which does not import.
static inline AVRational vr_av_time_base_q(void) { return AV_TIME_BASE_Q; }

#endif
