#pragma once

/* The control's instance struct, shared by the files that make up the type (not installed). */

#include "voicerecorder-bridge.h"

struct _VoiceRecorderControl
{
  GtkWidget parent_instance;
  /* The Swift control (retained), from `constructed` until `dispose`. */
  void *swift;
  GtkWidget *content;
  VoiceRecorderPhase phase;
  gboolean preview;
  VoiceRecorderFormat format;
  double minimum_duration;
  double maximum_duration;
  char *microphone;
  char *output_directory;
  /* `output_directory`, or the user's cache folder when it is NULL. */
  char *resolved_output_directory;
};

/* The defaults of SPEC A.4, as the Swift `Durations` has them. */
#define DEFAULT_MINIMUM_DURATION 0.6
#define DEFAULT_MAXIMUM_DURATION 300.0


/* Resolves a NULL output directory to the user's cache folder, made if missing. */
void vr_control_resolve_output_directory (VoiceRecorderControl *self);

/* The properties, for notifying. */
typedef enum
{
  PROP_0,
  PROP_CONTENT,
  PROP_PHASE,
  PROP_PREVIEW,
  PROP_FORMAT,
  PROP_MINIMUM_DURATION,
  PROP_MAXIMUM_DURATION,
  PROP_MICROPHONE,
  PROP_OUTPUT_DIRECTORY,
  N_PROPS
} VoiceRecorderControlProperty;

extern GParamSpec *vr_control_properties[N_PROPS];

/* A property changed: hands every setting to the Swift control (once it exists), then notifies it. */
void vr_control_changed (VoiceRecorderControl *self, VoiceRecorderControlProperty property);

typedef enum
{
  SIGNAL_STARTED,
  SIGNAL_SENT,
  SIGNAL_CANCELLED,
  SIGNAL_FAILED,
  SIGNAL_MICROPHONE_WARNING,
  N_SIGNALS
} VoiceRecorderControlSignal;

extern guint vr_control_signals[N_SIGNALS];
