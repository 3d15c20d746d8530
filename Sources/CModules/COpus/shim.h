#ifndef VOICERECORDER_COPUS_SHIM_H
#define VOICERECORDER_COPUS_SHIM_H
#include <opus.h>

// opus_encoder_ctl and opus_decoder_ctl are variadic, which Swift does not import, and their requests are macros
// that also check the argument's type: one small function per request the package makes.

/// OPUS_SET_BITRATE: the target bit rate in bits per second.
static inline int vr_opus_set_bitrate(OpusEncoder *encoder, opus_int32 bitsPerSecond) {
    return opus_encoder_ctl(encoder, OPUS_SET_BITRATE(bitsPerSecond));
}

/// OPUS_SET_VBR: 1 for a variable bit rate, 0 for a constant one.
static inline int vr_opus_set_vbr(OpusEncoder *encoder, opus_int32 on) {
    return opus_encoder_ctl(encoder, OPUS_SET_VBR(on));
}

/// OPUS_SET_VBR_CONSTRAINT: 0 lets a variable bit rate vary freely (not held near the target frame by frame).
static inline int vr_opus_set_vbr_constraint(OpusEncoder *encoder, opus_int32 on) {
    return opus_encoder_ctl(encoder, OPUS_SET_VBR_CONSTRAINT(on));
}

/// OPUS_SET_COMPLEXITY: 0 (fastest) to 10 (best).
static inline int vr_opus_set_complexity(OpusEncoder *encoder, opus_int32 complexity) {
    return opus_encoder_ctl(encoder, OPUS_SET_COMPLEXITY(complexity));
}

/// OPUS_SET_SIGNAL: a hint of what is coded (OPUS_SIGNAL_VOICE).
static inline int vr_opus_set_signal(OpusEncoder *encoder, opus_int32 signal) {
    return opus_encoder_ctl(encoder, OPUS_SET_SIGNAL(signal));
}

/// OPUS_GET_LOOKAHEAD: the encoder's delay in samples at its own rate (the Ogg header's pre-skip, at 48 kHz).
static inline int vr_opus_get_lookahead(OpusEncoder *encoder, opus_int32 *samples) {
    return opus_encoder_ctl(encoder, OPUS_GET_LOOKAHEAD(samples));
}

/// OPUS_RESET_STATE on a decoder: forget the audio decoded so far (before decoding from a new place).
static inline int vr_opus_decoder_reset(OpusDecoder *decoder) {
    return opus_decoder_ctl(decoder, OPUS_RESET_STATE);
}

#endif
