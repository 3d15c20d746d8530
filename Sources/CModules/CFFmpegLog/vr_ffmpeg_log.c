#include "vr_ffmpeg_log.h"

#include <libavutil/log.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

// What FFmpeg said last on this thread: one line is plenty for a message (FFmpeg's own buffer is 1024 bytes).
static _Thread_local char last_error[512];
static _Thread_local int has_last_error;

static atomic_int verbose;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void route(void *context, int level, const char *format, va_list arguments) {
    // Debug and info lines are neither kept nor printed: skip the formatting, which FFmpeg asks for often.
    if (level > AV_LOG_WARNING) return;
    if (atomic_load_explicit(&verbose, memory_order_relaxed)) {
        va_list copy;
        va_copy(copy, arguments);
        av_log_default_callback(context, level, format, copy);
        va_end(copy);
    }
    if (level <= AV_LOG_ERROR) {
        vsnprintf(last_error, sizeof last_error, format, arguments);
        size_t length = strlen(last_error);
        while (length > 0 && (last_error[length - 1] == '\n' || last_error[length - 1] == '\r')) {
            last_error[--length] = 0;
        }
        has_last_error = length > 0;
    }
}

static void install(void) { av_log_set_callback(route); }

void vr_ffmpeg_log_install(void) { pthread_once(&install_once, install); }

void vr_ffmpeg_log_set_verbose(int value) { atomic_store(&verbose, value != 0); }

int vr_ffmpeg_log_is_verbose(void) { return atomic_load(&verbose); }

void vr_ffmpeg_log_clear_last_error(void) { has_last_error = 0; }

int vr_ffmpeg_log_last_error(char *buffer, int size) {
    if (size <= 0) return 0;
    if (!has_last_error) {
        buffer[0] = 0;
        return 0;
    }
    snprintf(buffer, (size_t)size, "%s", last_error);
    return (int)strlen(buffer);
}
