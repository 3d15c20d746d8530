#ifndef VOICERECORDER_CPULSEAUDIO_SHIM_H
#define VOICERECORDER_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>
#endif
