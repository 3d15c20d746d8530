#pragma once

#if !defined(VOICE_RECORDER_INSIDE) && !defined(VOICE_RECORDER_COMPILATION)
#error "Only <voicerecorder-gtk-1/voicerecorder.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * VoiceRecorderPhase:
 * @VOICE_RECORDER_PHASE_IDLE: at rest, no take
 * @VOICE_RECORDER_PHASE_HOLDING: recording while the mic is held
 * @VOICE_RECORDER_PHASE_LOCKED: recording hands-free (slid up into the lock, or started from the keyboard)
 * @VOICE_RECORDER_PHASE_STOPPED: a hands-free take stopped by an interruption and kept; it can still be sent
 *   or deleted
 * @VOICE_RECORDER_PHASE_PAUSED: with [property@VoiceRecorder.Control:preview] on, a take paused to listen to,
 *   trim, resume or send
 *
 * Where the control is in a take.
 */
typedef enum {
  VOICE_RECORDER_PHASE_IDLE,
  VOICE_RECORDER_PHASE_HOLDING,
  VOICE_RECORDER_PHASE_LOCKED,
  VOICE_RECORDER_PHASE_STOPPED,
  VOICE_RECORDER_PHASE_PAUSED,
} VoiceRecorderPhase;

/**
 * VoiceRecorderFormat:
 * @VOICE_RECORDER_FORMAT_AAC: AAC in an MP4 file (`.m4a`), 24 kHz mono
 * @VOICE_RECORDER_FORMAT_OPUS: Opus in an Ogg file (`.ogg`), 24 kHz mono, about a quarter of the size; the
 *   voice notes that chat apps send
 *
 * The file a take is written as.
 */
typedef enum {
  VOICE_RECORDER_FORMAT_AAC,
  VOICE_RECORDER_FORMAT_OPUS,
} VoiceRecorderFormat;

/**
 * VoiceRecorderWarning:
 * @VOICE_RECORDER_WARNING_NONE: nothing to warn about, or a warning that cleared
 * @VOICE_RECORDER_WARNING_MUTED: the take's microphone is muted on the sound server
 * @VOICE_RECORDER_WARNING_SILENT: the take's microphone has been silent since the take began
 *
 * What the control warns about during a take. The take records on either way.
 */
typedef enum {
  VOICE_RECORDER_WARNING_NONE,
  VOICE_RECORDER_WARNING_MUTED,
  VOICE_RECORDER_WARNING_SILENT,
} VoiceRecorderWarning;

/**
 * VOICE_RECORDER_ERROR:
 *
 * The error domain of [signal@VoiceRecorder.Control::failed].
 */
#define VOICE_RECORDER_ERROR (voice_recorder_error_quark ())

/**
 * VoiceRecorderError:
 * @VOICE_RECORDER_ERROR_ACCESS_DENIED: the microphone may not be used (the sound server refused, or no sound
 *   server is running)
 * @VOICE_RECORDER_ERROR_NO_MICROPHONE: the microphone could not be started (it is gone, or busy)
 * @VOICE_RECORDER_ERROR_DISK_FULL: the take could not be written because the disk is full; what was recorded is
 *   kept
 * @VOICE_RECORDER_ERROR_FILE: the take's file could not be made, written or finished
 * @VOICE_RECORDER_ERROR_FAILED: any other failure
 *
 * The codes of the [error@VoiceRecorder.Error] domain (`VOICE_RECORDER_ERROR` in C). Every error's message says
 * what happened in words.
 */
typedef enum {
  VOICE_RECORDER_ERROR_ACCESS_DENIED,
  VOICE_RECORDER_ERROR_NO_MICROPHONE,
  VOICE_RECORDER_ERROR_DISK_FULL,
  VOICE_RECORDER_ERROR_FILE,
  VOICE_RECORDER_ERROR_FAILED,
} VoiceRecorderError;

GQuark voice_recorder_error_quark (void);

#define VOICE_RECORDER_TYPE_PHASE (voice_recorder_phase_get_type ())
GType voice_recorder_phase_get_type (void);

#define VOICE_RECORDER_TYPE_FORMAT (voice_recorder_format_get_type ())
GType voice_recorder_format_get_type (void);

#define VOICE_RECORDER_TYPE_WARNING (voice_recorder_warning_get_type ())
GType voice_recorder_warning_get_type (void);

#define VOICE_RECORDER_TYPE_ERROR (voice_recorder_error_get_type ())
GType voice_recorder_error_get_type (void);

G_END_DECLS
