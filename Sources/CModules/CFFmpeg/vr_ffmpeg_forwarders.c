#include "vr_ffmpeg_api.h"

// The FFmpeg functions the package calls, defined here with FFmpeg's own names and signatures: each forwards to
// the library's function, which the loader resolved from that library's handle.
//
// They are hidden: the program's own calls (the adapter's, and those of FFmpeg's inline header functions compiled
// into it) bind to them when it is linked, but they are never exported. That matters because a Swift executable
// exports its symbols (--export-dynamic): were these exported, the dynamic loader would bind libavformat's own
// calls into libavcodec and libavutil to them, the program's definitions coming first in the global scope. That
// would still reach the right function, one hop later, but it would also run FFmpeg's calls made while a library
// is being opened into forwarders not yet resolved. Hidden, each library binds to the others directly.

// Before the first call (a forwarder reached without the adapter's `vr_ffmpeg_load()`), loads the libraries.
static inline void require_loaded(void) {
    if (__builtin_expect(!atomic_load_explicit(&vr_ffmpeg_is_loaded, memory_order_acquire), 0)) vr_ffmpeg_require();
}

#define VR_FORWARD_FUNCTION(library, type, name, parameters, arguments) \
    VR_FFMPEG_HIDDEN type name parameters { \
        require_loaded(); \
        return vr_ffmpeg_api.name arguments; \
    }
#define VR_FORWARD_PROCEDURE(library, name, parameters, arguments) \
    VR_FFMPEG_HIDDEN void name parameters { \
        require_loaded(); \
        vr_ffmpeg_api.name arguments; \
    }
VR_FFMPEG_FUNCTIONS(VR_FORWARD_FUNCTION, VR_FORWARD_PROCEDURE)
