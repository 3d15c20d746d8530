#pragma once

#if !defined(VOICE_RECORDER_INSIDE) && !defined(VOICE_RECORDER_COMPILATION)
#error "Only <voicerecorder-gtk-1/voicerecorder.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

void voice_recorder_init (void);

G_END_DECLS
