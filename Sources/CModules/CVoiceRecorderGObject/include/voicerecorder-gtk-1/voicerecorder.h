#pragma once

/* The hold-to-record control for GTK 4: press and hold the mic to record, let go to send, slide toward the leading
 * edge to throw the take away, slide up to record hands-free. One header for all of it. */

#define VOICE_RECORDER_INSIDE
#include "voicerecorder-enums.h"
#include "voicerecorder-take.h"
#include "voicerecorder-control.h"
#include "voicerecorder-init.h"
#undef VOICE_RECORDER_INSIDE
