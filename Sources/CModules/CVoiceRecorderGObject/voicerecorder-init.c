/* voice_recorder_init: the library's types registered before anything names them. */

#include "voicerecorder-bridge.h"

/**
 * voice_recorder_init:
 *
 * Registers the library's types, so a GtkBuilder `.ui` file can name `VoiceRecorderControl` before any code has
 * made one. Needed from Python and JavaScript, where GtkBuilder cannot find the type's function by itself (C and
 * Vala programs linked to the library need not call it). Call it after `gtk_init()`; calling it again does nothing.
 */
void
voice_recorder_init (void)
{
  g_type_ensure (VOICE_RECORDER_TYPE_CONTROL);
  g_type_ensure (VOICE_RECORDER_TYPE_TAKE);
}
