/* What the Swift control tells its GObject: the phase changed, a signal to emit. Called on the GTK thread. */

#include "voicerecorder-control-private.h"

void
vr_bridge_phase_changed (VoiceRecorderControl *control, VoiceRecorderPhase phase)
{
  if (control->phase == phase)
    return;
  control->phase = phase;
  g_object_notify_by_pspec (G_OBJECT (control), vr_control_properties[PROP_PHASE]);
}

void
vr_bridge_emit_started (VoiceRecorderControl *control)
{
  g_signal_emit (control, vr_control_signals[SIGNAL_STARTED], 0);
}

void
vr_bridge_emit_sent (VoiceRecorderControl *control, const char *path, double duration, VoiceRecorderFormat format,
                     const double *samples, gsize n_samples)
{
  VoiceRecorderTake *take = vr_bridge_take_new (path, duration, format, samples, n_samples);
  g_signal_emit (control, vr_control_signals[SIGNAL_SENT], 0, take);
  g_object_unref (take);
}

void
vr_bridge_emit_cancelled (VoiceRecorderControl *control)
{
  g_signal_emit (control, vr_control_signals[SIGNAL_CANCELLED], 0);
}

void
vr_bridge_emit_failed (VoiceRecorderControl *control, VoiceRecorderError code, const char *message)
{
  GError *error = g_error_new_literal (VOICE_RECORDER_ERROR, code, message);
  g_signal_emit (control, vr_control_signals[SIGNAL_FAILED], 0, error);
  g_error_free (error);
}

void
vr_bridge_emit_microphone_warning (VoiceRecorderControl *control, VoiceRecorderWarning warning, const char *source)
{
  g_signal_emit (control, vr_control_signals[SIGNAL_MICROPHONE_WARNING], 0, warning, source);
}
