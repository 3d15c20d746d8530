#ifndef VOICERECORDER_FFMPEG_API_H
#define VOICERECORDER_FFMPEG_API_H

// What the loader and the forwarders share: the resolved functions, and whether they are ready. Internal to this
// module (hidden: not even a program exporting its symbols shows them to the libraries it opens).

#include "vr_ffmpeg.h"
#include "vr_ffmpeg_functions.h"

#include <stdatomic.h>

#define VR_FFMPEG_HIDDEN __attribute__((visibility("hidden")))

// One pointer per function, with the type of FFmpeg's own declaration, named after it.
#define VR_FFMPEG_POINTER(library, type, name, parameters, arguments) __typeof__(&name) name;
#define VR_FFMPEG_PROCEDURE_POINTER(library, name, parameters, arguments) __typeof__(&name) name;
struct vr_ffmpeg_api {
    VR_FFMPEG_FUNCTIONS(VR_FFMPEG_POINTER, VR_FFMPEG_PROCEDURE_POINTER)
};
#undef VR_FFMPEG_POINTER
#undef VR_FFMPEG_PROCEDURE_POINTER

/// The libraries' functions; every one is set once `vr_ffmpeg_is_loaded` is.
VR_FFMPEG_HIDDEN extern struct vr_ffmpeg_api vr_ffmpeg_api;

/// Set (release) when every pointer of `vr_ffmpeg_api` but libavfilter's is; a forwarder that reads it set
/// (acquire) may call them.
VR_FFMPEG_HIDDEN extern atomic_int vr_ffmpeg_is_loaded;

/// Set (release) when libavfilter's pointers are too (after `vr_ffmpeg_is_loaded`).
VR_FFMPEG_HIDDEN extern atomic_int vr_ffmpeg_filter_is_loaded;

/// Loads the libraries for a forwarder called before `vr_ffmpeg_load()` succeeded. The adapter loads them before
/// its first call, so this only loads them; when they cannot be loaded, calling FFmpeg is a bug of the adapter (it
/// skipped the error in words), and the program stops with the reason.
VR_FFMPEG_HIDDEN void vr_ffmpeg_require(void);

/// The same for libavfilter's forwarders and `vr_ffmpeg_load_filter()`.
VR_FFMPEG_HIDDEN void vr_ffmpeg_require_filter(void);

#endif
