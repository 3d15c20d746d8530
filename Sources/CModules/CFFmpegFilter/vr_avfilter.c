#include "vr_avfilter.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define VR_TEXT(x) #x
#define VR_NUMBER_TEXT(x) VR_TEXT(x)

// The library these headers describe: the same major version, so its functions have the signatures above.
static const char library_name[] = "libavfilter.so." VR_NUMBER_TEXT(LIBAVFILTER_VERSION_MAJOR);

// Each pointer has the type of the function it points to, taken from libavfilter's own declaration.
static struct {
    __typeof__(&avfilter_get_by_name) get_by_name;
    __typeof__(&avfilter_graph_alloc) graph_alloc;
    __typeof__(&avfilter_graph_create_filter) graph_create_filter;
    __typeof__(&avfilter_link) link;
    __typeof__(&avfilter_graph_config) graph_config;
    __typeof__(&avfilter_graph_free) graph_free;
    __typeof__(&av_buffersrc_add_frame_flags) buffersrc_add_frame_flags;
    __typeof__(&av_buffersink_get_frame) buffersink_get_frame;
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_result = -1;
static char load_error[512];

static int resolve(void *handle, void **slot, const char *symbol) {
    *slot = dlsym(handle, symbol);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "%s has no %s", library_name, symbol);
        return -1;
    }
    return 0;
}

static void load(void) {
    // Never closed: the filters it makes live as long as their owners, and a loaded library costs nothing more.
    void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : library_name);
        return;
    }
    if (resolve(handle, (void **)&api.get_by_name, "avfilter_get_by_name") < 0
        || resolve(handle, (void **)&api.graph_alloc, "avfilter_graph_alloc") < 0
        || resolve(handle, (void **)&api.graph_create_filter, "avfilter_graph_create_filter") < 0
        || resolve(handle, (void **)&api.link, "avfilter_link") < 0
        || resolve(handle, (void **)&api.graph_config, "avfilter_graph_config") < 0
        || resolve(handle, (void **)&api.graph_free, "avfilter_graph_free") < 0
        || resolve(handle, (void **)&api.buffersrc_add_frame_flags, "av_buffersrc_add_frame_flags") < 0
        || resolve(handle, (void **)&api.buffersink_get_frame, "av_buffersink_get_frame") < 0) {
        return;
    }
    load_result = 0;
}

int vr_avfilter_load(void) {
    pthread_once(&load_once, load);
    return load_result;
}

const char *vr_avfilter_load_error(void) { return load_result == 0 ? "" : load_error; }

const AVFilter *vr_avfilter_get_by_name(const char *name) { return api.get_by_name(name); }

AVFilterGraph *vr_avfilter_graph_alloc(void) { return api.graph_alloc(); }

int vr_avfilter_graph_create_filter(
    AVFilterContext **context, const AVFilter *filter, const char *name, const char *arguments, void *opaque,
    AVFilterGraph *graph) {
    return api.graph_create_filter(context, filter, name, arguments, opaque, graph);
}

int vr_avfilter_link(AVFilterContext *source, unsigned sourcePad, AVFilterContext *destination, unsigned destinationPad) {
    return api.link(source, sourcePad, destination, destinationPad);
}

int vr_avfilter_graph_config(AVFilterGraph *graph, void *logContext) { return api.graph_config(graph, logContext); }

void vr_avfilter_graph_free(AVFilterGraph **graph) {
    if (api.graph_free != NULL) api.graph_free(graph);
}

int vr_av_buffersrc_add_frame_flags(AVFilterContext *source, AVFrame *frame, int flags) {
    return api.buffersrc_add_frame_flags(source, frame, flags);
}

int vr_av_buffersink_get_frame(AVFilterContext *sink, AVFrame *frame) { return api.buffersink_get_frame(sink, frame); }
