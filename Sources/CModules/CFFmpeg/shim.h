#ifndef VOICERECORDER_CFFMPEG_SHIM_H
#define VOICERECORDER_CFFMPEG_SHIM_H
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>

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
