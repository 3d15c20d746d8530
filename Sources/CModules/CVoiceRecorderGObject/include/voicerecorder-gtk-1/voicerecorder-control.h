#pragma once

#if !defined(VOICE_RECORDER_INSIDE) && !defined(VOICE_RECORDER_COMPILATION)
#error "Only <voicerecorder-gtk-1/voicerecorder.h> can be included directly."
#endif

#include <gtk/gtk.h>

#include "voicerecorder-enums.h"
#include "voicerecorder-take.h"

G_BEGIN_DECLS

#define VOICE_RECORDER_TYPE_CONTROL (voice_recorder_control_get_type ())
G_DECLARE_FINAL_TYPE (VoiceRecorderControl, voice_recorder_control, VOICE_RECORDER, CONTROL, GtkWidget)

GtkWidget *voice_recorder_control_new (GtkWidget *content);

GtkWidget *voice_recorder_control_get_content (VoiceRecorderControl *control);
VoiceRecorderPhase voice_recorder_control_get_phase (VoiceRecorderControl *control);

gboolean voice_recorder_control_get_preview (VoiceRecorderControl *control);
void voice_recorder_control_set_preview (VoiceRecorderControl *control, gboolean preview);

VoiceRecorderFormat voice_recorder_control_get_format (VoiceRecorderControl *control);
void voice_recorder_control_set_format (VoiceRecorderControl *control, VoiceRecorderFormat format);

double voice_recorder_control_get_minimum_duration (VoiceRecorderControl *control);
void voice_recorder_control_set_minimum_duration (VoiceRecorderControl *control, double seconds);

double voice_recorder_control_get_maximum_duration (VoiceRecorderControl *control);
void voice_recorder_control_set_maximum_duration (VoiceRecorderControl *control, double seconds);

const char *voice_recorder_control_get_microphone (VoiceRecorderControl *control);
void voice_recorder_control_set_microphone (VoiceRecorderControl *control, const char *microphone);

const char *voice_recorder_control_get_output_directory (VoiceRecorderControl *control);
void voice_recorder_control_set_output_directory (VoiceRecorderControl *control, const char *directory);

void voice_recorder_control_send (VoiceRecorderControl *control);
void voice_recorder_control_cancel (VoiceRecorderControl *control);

G_END_DECLS
