#pragma once

/* The seam between the GObject types (C, this target) and the control they wrap (Swift, VoiceRecorderGObject).
 *
 * Swift cannot declare a GType's instance and class structs, so the types live in C and hold one opaque pointer to
 * their Swift side. The `vr_swift_*` functions are implemented in Swift (`@_cdecl`) and called by the C; the
 * `vr_bridge_*` functions are implemented here and called by Swift to notify properties and emit signals. Neither
 * is public: the library's link exports only `voice_recorder_*`. */

#include "voicerecorder-gtk-1/voicerecorder.h"

/* Everything a control's properties say about how it records, handed to Swift whole on every change. */
typedef struct {
  gboolean preview;
  VoiceRecorderFormat format;
  double minimum_duration;
  double maximum_duration;
  /* NULL: the sound server's default source. */
  const char *microphone;
  /* Never NULL: the NULL of the property is resolved to the user's cache folder before it gets here. */
  const char *output_directory;
} VoiceRecorderSettings;

/* Implemented in Swift. */

/* Makes the Swift control for `control` around `content` (may be NULL); returns it retained. */
void *vr_swift_control_new (VoiceRecorderControl *control, GtkWidget *content, const VoiceRecorderSettings *settings);
/* The widget the Swift control draws in, to be the GObject's only child. */
GtkWidget *vr_swift_control_widget (void *swift);
/* Applies changed settings (a take under way keeps what it started with). */
void vr_swift_control_configure (void *swift, const VoiceRecorderSettings *settings);
void vr_swift_control_send (void *swift);
void vr_swift_control_cancel (void *swift);
/* The GObject is going away: its child has been unparented. Releases the Swift control. */
void vr_swift_control_release (void *swift);

/* Implemented in C, called by Swift on the GTK thread. */

void vr_bridge_phase_changed (VoiceRecorderControl *control, VoiceRecorderPhase phase);
void vr_bridge_emit_started (VoiceRecorderControl *control);
void vr_bridge_emit_sent (VoiceRecorderControl *control, const char *path, double duration,
                          VoiceRecorderFormat format, const double *samples, gsize n_samples);
void vr_bridge_emit_cancelled (VoiceRecorderControl *control);
void vr_bridge_emit_failed (VoiceRecorderControl *control, VoiceRecorderError code, const char *message);
void vr_bridge_emit_microphone_warning (VoiceRecorderControl *control, VoiceRecorderWarning warning,
                                        const char *source);

/* The path of the file the library was loaded from (for its translations, beside it), or NULL. */
const char *vr_bridge_library_path (void);

/* Makes a take (the `sent` signal's argument). */
VoiceRecorderTake *vr_bridge_take_new (const char *path, double duration, VoiceRecorderFormat format,
                                       const double *samples, gsize n_samples);
