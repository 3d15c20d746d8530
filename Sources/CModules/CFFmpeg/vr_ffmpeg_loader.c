#include "vr_ffmpeg_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define VR_TEXT(x) #x
#define VR_NUMBER_TEXT(x) VR_TEXT(x)

struct vr_ffmpeg_api vr_ffmpeg_api;
atomic_int vr_ffmpeg_is_loaded;
atomic_int vr_ffmpeg_filter_is_loaded;

// Every library, the ones opened together first, then libavfilter.
enum library {
#define VR_LIBRARY_ID(name, major) library_##name,
    VR_FFMPEG_LIBRARIES(VR_LIBRARY_ID) VR_FFMPEG_FILTER_LIBRARY(VR_LIBRARY_ID)
#undef VR_LIBRARY_ID
};

static const struct {
    const char *name;
    const char *file;
} libraries[] = {
#define VR_LIBRARY_ENTRY(name, major) {"lib" #name, "lib" #name ".so." VR_NUMBER_TEXT(major)},
    VR_FFMPEG_LIBRARIES(VR_LIBRARY_ENTRY) VR_FFMPEG_FILTER_LIBRARY(VR_LIBRARY_ENTRY)
#undef VR_LIBRARY_ENTRY
};

// The libraries `vr_ffmpeg_load()` opens: all but libavfilter.
enum { loaded_together = library_avfilter };

// Each function: the library it comes from, its name, and where its pointer lives in `vr_ffmpeg_api`.
static const struct {
    enum library library;
    const char *name;
    size_t offset;
} functions[] = {
#define VR_FUNCTION_ENTRY(library, type, name, parameters, arguments) \
    {library_##library, #name, offsetof(struct vr_ffmpeg_api, name)},
#define VR_PROCEDURE_ENTRY(library, name, parameters, arguments) \
    {library_##library, #name, offsetof(struct vr_ffmpeg_api, name)},
    VR_FFMPEG_FUNCTIONS(VR_FUNCTION_ENTRY, VR_PROCEDURE_ENTRY)
#undef VR_FUNCTION_ENTRY
#undef VR_PROCEDURE_ENTRY
};

// Room for a reason in words: the dynamic loader's, or "libavcodec.so.59 has no avcodec_open2".
enum { error_capacity = 512 };

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_result = -1;
static const char *failed_library = "";
static char load_error[error_capacity];

static pthread_once_t filter_load_once = PTHREAD_ONCE_INIT;
static int filter_load_result = -1;
static char filter_load_error[error_capacity];

// Opens one library and resolves its functions, each through the library's own handle (never the program's
// global scope, where another copy or a forwarder of the same name could answer). On failure, says why in `error`.
static int open_library(enum library library, char error[static error_capacity]) {
    // RTLD_LOCAL: its symbols stay out of the global scope, so nothing loaded later binds to them by accident.
    // Never closed: what the libraries allocate lives as long as its owners, and a loaded library costs nothing more.
    void *handle = dlopen(libraries[library].file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_capacity, "%s", reason ? reason : libraries[library].file);
        return -1;
    }
    for (size_t index = 0; index < sizeof functions / sizeof functions[0]; index++) {
        if (functions[index].library != library) continue;
        void *function = dlsym(handle, functions[index].name);
        if (function == NULL) {
            snprintf(error, error_capacity, "%s has no %s", libraries[library].file, functions[index].name);
            return -1;
        }
        *(void **)((char *)&vr_ffmpeg_api + functions[index].offset) = function;
    }
    return 0;
}

static void load(void) {
    for (int library = 0; library < loaded_together; library++) {
        if (open_library((enum library)library, load_error) < 0) {
            failed_library = libraries[library].name;
            return;
        }
    }
    load_result = 0;
    atomic_store_explicit(&vr_ffmpeg_is_loaded, 1, memory_order_release);
}

int vr_ffmpeg_load(void) {
    pthread_once(&load_once, load);
    return load_result;
}

const char *vr_ffmpeg_load_failed_library(void) { return vr_ffmpeg_load() == 0 ? "" : failed_library; }

const char *vr_ffmpeg_load_error(void) { return vr_ffmpeg_load() == 0 ? "" : load_error; }

// A forwarder was reached although its library cannot be loaded: a bug of the adapter, which should have said so in
// words. Stops the program with the reason.
static void stop_without(const char *library, const char *reason) {
    fprintf(stderr, "cannot load FFmpeg's %s: %s\n", library, reason);
    abort();
}

void vr_ffmpeg_require(void) {
    if (vr_ffmpeg_load() != 0) stop_without(failed_library, load_error);
}

static void load_filter(void) {
    // libavfilter needs the others (its forwarders are called with their frames).
    if (vr_ffmpeg_load() != 0) {
        snprintf(filter_load_error, sizeof filter_load_error, "cannot load FFmpeg's %s: %s", failed_library, load_error);
        return;
    }
    if (open_library(library_avfilter, filter_load_error) < 0) return;
    filter_load_result = 0;
    atomic_store_explicit(&vr_ffmpeg_filter_is_loaded, 1, memory_order_release);
}

int vr_ffmpeg_load_filter(void) {
    pthread_once(&filter_load_once, load_filter);
    return filter_load_result;
}

const char *vr_ffmpeg_load_filter_error(void) { return vr_ffmpeg_load_filter() == 0 ? "" : filter_load_error; }

void vr_ffmpeg_require_filter(void) {
    if (vr_ffmpeg_load_filter() != 0) stop_without(libraries[library_avfilter].name, filter_load_error);
}
