#ifndef VOICERECORDER_FFMPEG_LOG_H
#define VOICERECORDER_FFMPEG_LOG_H

// FFmpeg's log, routed through the adapter instead of straight to standard error.
//
// FFmpeg's log callback receives a printf format and a va_list, which Swift cannot take apart; this small C shim
// formats each message (vsnprintf) and decides what happens to it:
// - its last error (AV_LOG_ERROR or worse) is kept per thread, so the adapter can read what the library said
//   about a call that just failed on that thread (e.g. "moov atom not found");
// - when verbose, warnings and errors also go to FFmpeg's own default callback (standard error, its usual look);
//   otherwise nothing is printed.

/// Installs the callback (once per process; later calls do nothing). Thread-safe.
void vr_ffmpeg_log_install(void);

/// Whether FFmpeg's warnings and errors are also printed to standard error (off by default). Thread-safe.
void vr_ffmpeg_log_set_verbose(int verbose);
int vr_ffmpeg_log_is_verbose(void);

/// Forgets the calling thread's last error message.
void vr_ffmpeg_log_clear_last_error(void);

/// Copies the calling thread's last error message (without its trailing newline) into `buffer` (always
/// terminated, cut to `size`); returns its length, or 0 when FFmpeg logged no error on this thread since the last
/// clear.
int vr_ffmpeg_log_last_error(char *buffer, int size);

#endif
