#pragma once

#if !defined(VOICE_RECORDER_INSIDE) && !defined(VOICE_RECORDER_COMPILATION)
#error "Only <voicerecorder-gtk-1/voicerecorder.h> can be included directly."
#endif

#include <glib-object.h>

#include "voicerecorder-enums.h"

G_BEGIN_DECLS

#define VOICE_RECORDER_TYPE_TAKE (voice_recorder_take_get_type ())
G_DECLARE_FINAL_TYPE (VoiceRecorderTake, voice_recorder_take, VOICE_RECORDER, TAKE, GObject)

const char *voice_recorder_take_get_path (VoiceRecorderTake *take);
double voice_recorder_take_get_duration (VoiceRecorderTake *take);
VoiceRecorderFormat voice_recorder_take_get_format (VoiceRecorderTake *take);
const double *voice_recorder_take_get_samples (VoiceRecorderTake *take, gsize *n_samples);

G_END_DECLS
