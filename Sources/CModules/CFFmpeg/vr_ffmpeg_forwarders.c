#include "vr_ffmpeg_api.h"

// The FFmpeg functions the package calls, defined here with FFmpeg's own names and signatures: each forwards to
// the library's function, which the loader resolved from that library's handle.
//
// They are hidden: the program's own calls (the adapter's, and those of FFmpeg's inline header functions compiled
// into it) bind to them when it is linked, but they are never exported, even by a program linked with
// --export-dynamic (SwiftPM's executables here are not; another build may be). Exported, they would come first in
// the global scope, and the dynamic loader would bind libavformat's own calls into libavcodec and libavutil to
// them (LD_DEBUG=bindings shows it): still the right function one hop later, but a call a library made while the
// libraries are being opened would wait for the very load it is part of. Hidden, each library binds to the others
// directly, and only the program's calls pass through here.

// Before the first call (a forwarder reached without the adapter's `vr_ffmpeg_load()`), loads the libraries.
static inline void require_loaded(void) {
    if (__builtin_expect(!atomic_load_explicit(&vr_ffmpeg_is_loaded, memory_order_acquire), 0)) vr_ffmpeg_require();
}

// The same for libavfilter, which is opened apart (`vr_ffmpeg_load_filter()`).
static inline void require_filter_loaded(void) {
    if (__builtin_expect(!atomic_load_explicit(&vr_ffmpeg_filter_is_loaded, memory_order_acquire), 0)) {
        vr_ffmpeg_require_filter();
    }
}

// What each library's forwarders wait for: the libraries opened together, or libavfilter.
#define require_avutil require_loaded
#define require_swresample require_loaded
#define require_avcodec require_loaded
#define require_avformat require_loaded
#define require_avfilter require_filter_loaded

#define VR_FORWARD_FUNCTION(library, type, name, parameters, arguments) \
    VR_FFMPEG_HIDDEN type name parameters { \
        require_##library(); \
        return vr_ffmpeg_api.name arguments; \
    }
#define VR_FORWARD_PROCEDURE(library, name, parameters, arguments) \
    VR_FFMPEG_HIDDEN void name parameters { \
        require_##library(); \
        vr_ffmpeg_api.name arguments; \
    }
VR_FFMPEG_FUNCTIONS(VR_FORWARD_FUNCTION, VR_FORWARD_PROCEDURE)
