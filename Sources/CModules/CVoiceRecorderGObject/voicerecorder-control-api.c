/* VoiceRecorderControl's public functions: making one, its properties' accessors, and sending or deleting a
 * hands-free take. */

#include "voicerecorder-control-private.h"

/**
 * voice_recorder_control_new:
 * @content: (nullable): the app's widget the control wraps (a message entry, say), or %NULL for the mic alone
 *
 * Makes a control around @content, recording AAC takes from the default microphone into the user's cache folder.
 *
 * Returns: (transfer floating): the control
 */
GtkWidget *
voice_recorder_control_new (GtkWidget *content)
{
  g_return_val_if_fail (content == NULL || GTK_IS_WIDGET (content), NULL);
  return g_object_new (VOICE_RECORDER_TYPE_CONTROL, "content", content, NULL);
}

/**
 * voice_recorder_control_get_content:
 * @control: a control
 *
 * Returns: (transfer none) (nullable): the widget the control wraps
 */
GtkWidget *
voice_recorder_control_get_content (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), NULL);
  return control->content;
}

/**
 * voice_recorder_control_get_phase:
 * @control: a control
 *
 * Returns: where the control is in a take
 */
VoiceRecorderPhase
voice_recorder_control_get_phase (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), VOICE_RECORDER_PHASE_IDLE);
  return control->phase;
}

/**
 * voice_recorder_control_get_preview:
 * @control: a control
 *
 * Returns: whether takes can be paused, listened to and trimmed before they are sent
 */
gboolean
voice_recorder_control_get_preview (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), FALSE);
  return control->preview;
}

/**
 * voice_recorder_control_set_preview:
 * @control: a control
 * @preview: whether takes can be paused, listened to and trimmed before they are sent
 *
 * Turns pause and preview on or off, from the next take when one is under way.
 */
void
voice_recorder_control_set_preview (VoiceRecorderControl *control, gboolean preview)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  preview = preview != FALSE;
  if (control->preview == preview)
    return;
  control->preview = preview;
  vr_control_changed (control, PROP_PREVIEW);
}

/**
 * voice_recorder_control_get_format:
 * @control: a control
 *
 * Returns: the format the next take is written in
 */
VoiceRecorderFormat
voice_recorder_control_get_format (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), VOICE_RECORDER_FORMAT_AAC);
  return control->format;
}

/**
 * voice_recorder_control_set_format:
 * @control: a control
 * @format: the format
 *
 * Sets the format the next take is written in.
 */
void
voice_recorder_control_set_format (VoiceRecorderControl *control, VoiceRecorderFormat format)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  g_return_if_fail (format == VOICE_RECORDER_FORMAT_AAC || format == VOICE_RECORDER_FORMAT_OPUS);
  if (control->format == format)
    return;
  control->format = format;
  vr_control_changed (control, PROP_FORMAT);
}

/**
 * voice_recorder_control_get_minimum_duration:
 * @control: a control
 *
 * Returns: the shortest take worth sending, in seconds
 */
double
voice_recorder_control_get_minimum_duration (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), DEFAULT_MINIMUM_DURATION);
  return control->minimum_duration;
}

/**
 * voice_recorder_control_set_minimum_duration:
 * @control: a control
 * @seconds: the shortest take worth sending, at least 0
 *
 * Sets the shortest take worth sending, from the next take when one is under way. A minimum above the maximum
 * acts as the maximum.
 */
void
voice_recorder_control_set_minimum_duration (VoiceRecorderControl *control, double seconds)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  g_return_if_fail (seconds >= 0);
  if (control->minimum_duration == seconds)
    return;
  control->minimum_duration = seconds;
  vr_control_changed (control, PROP_MINIMUM_DURATION);
}

/**
 * voice_recorder_control_get_maximum_duration:
 * @control: a control
 *
 * Returns: the longest take, in seconds
 */
double
voice_recorder_control_get_maximum_duration (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), DEFAULT_MAXIMUM_DURATION);
  return control->maximum_duration;
}

/**
 * voice_recorder_control_set_maximum_duration:
 * @control: a control
 * @seconds: the longest take, at least 1: a take that reaches it is sent
 *
 * Sets the longest take, from the next take when one is under way.
 */
void
voice_recorder_control_set_maximum_duration (VoiceRecorderControl *control, double seconds)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  g_return_if_fail (seconds >= 1);
  if (control->maximum_duration == seconds)
    return;
  control->maximum_duration = seconds;
  vr_control_changed (control, PROP_MAXIMUM_DURATION);
}

/**
 * voice_recorder_control_get_microphone:
 * @control: a control
 *
 * Returns: (transfer none) (nullable): the sound server's name of the source takes record from, or %NULL for the
 *   server's default
 */
const char *
voice_recorder_control_get_microphone (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), NULL);
  return control->microphone;
}

/**
 * voice_recorder_control_set_microphone:
 * @control: a control
 * @microphone: (nullable): the sound server's name of a source (as `pactl list sources` gives it), or %NULL for
 *   the server's default
 *
 * Records later takes from @microphone; a take under way keeps its own.
 */
void
voice_recorder_control_set_microphone (VoiceRecorderControl *control, const char *microphone)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  if (g_strcmp0 (control->microphone, microphone) == 0)
    return;
  g_free (control->microphone);
  control->microphone = g_strdup (microphone);
  vr_control_changed (control, PROP_MICROPHONE);
}

/**
 * voice_recorder_control_get_output_directory:
 * @control: a control
 *
 * Returns: (transfer none) (nullable) (type filename): the folder takes are written in, or %NULL for
 *   `voicerecorder` in the user's cache folder
 */
const char *
voice_recorder_control_get_output_directory (VoiceRecorderControl *control)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_CONTROL (control), NULL);
  return control->output_directory;
}

/**
 * voice_recorder_control_set_output_directory:
 * @control: a control
 * @directory: (nullable) (type filename): an existing folder, or %NULL for `voicerecorder` in the user's cache
 *   folder (made if missing)
 *
 * Sets the folder later takes are written in; a take under way keeps its own.
 */
void
voice_recorder_control_set_output_directory (VoiceRecorderControl *control, const char *directory)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  if (g_strcmp0 (control->output_directory, directory) == 0)
    return;
  g_free (control->output_directory);
  control->output_directory = g_strdup (directory);
  vr_control_resolve_output_directory (control);
  vr_control_changed (control, PROP_OUTPUT_DIRECTORY);
}

/**
 * voice_recorder_control_send:
 * @control: a control
 *
 * Sends the take under way, as its Send button does: a hands-free, stopped or paused take (a held one is sent by
 * letting go). Nothing happens at rest.
 */
void
voice_recorder_control_send (VoiceRecorderControl *control)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  if (control->swift != NULL)
    vr_swift_control_send (control->swift);
}

/**
 * voice_recorder_control_cancel:
 * @control: a control
 *
 * Throws the take under way away and deletes its file, as its Delete button does. Nothing happens at rest.
 */
void
voice_recorder_control_cancel (VoiceRecorderControl *control)
{
  g_return_if_fail (VOICE_RECORDER_IS_CONTROL (control));
  if (control->swift != NULL)
    vr_swift_control_cancel (control->swift);
}
