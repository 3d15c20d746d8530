#ifndef VOICERECORDER_AVFILTER_H
#define VOICERECORDER_AVFILTER_H

// libavfilter, loaded when first needed instead of when the program starts.
//
// Only playback at another speed (the atempo filter) uses libavfilter, but linking it makes every run of every
// program load it and the thirty-odd libraries it depends on (BLAS and LAPACK, flite's voices, Vulkan, librsvg…):
// about 4 MB of private memory and a good share of the start-up spent relocating them, in a recording that never
// filters anything. So the package does not link it: the first `vr_avfilter_load()` opens it (dlopen) and
// resolves the few functions the package calls, which the `vr_` functions below forward to.

#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

/// Opens libavfilter (once per process; later calls return the first call's result). Returns 0 when it is
/// loaded, -1 when it cannot be (then `vr_avfilter_load_error` says why). Thread-safe.
int vr_avfilter_load(void);

/// Why `vr_avfilter_load` failed, in the dynamic loader's words; empty when it did not.
const char *vr_avfilter_load_error(void);

// The functions the package calls, with libavfilter's own signatures. Only after `vr_avfilter_load()` returned 0.
const AVFilter *vr_avfilter_get_by_name(const char *name);
AVFilterGraph *vr_avfilter_graph_alloc(void);
int vr_avfilter_graph_create_filter(
    AVFilterContext **context, const AVFilter *filter, const char *name, const char *arguments, void *opaque,
    AVFilterGraph *graph);
int vr_avfilter_link(AVFilterContext *source, unsigned sourcePad, AVFilterContext *destination, unsigned destinationPad);
int vr_avfilter_graph_config(AVFilterGraph *graph, void *logContext);
void vr_avfilter_graph_free(AVFilterGraph **graph);
int vr_av_buffersrc_add_frame_flags(AVFilterContext *source, AVFrame *frame, int flags);
int vr_av_buffersink_get_frame(AVFilterContext *sink, AVFrame *frame);

#endif
