#ifndef VOICERECORDER_AUDIO_PROCESSING_H
#define VOICERECORDER_AUDIO_PROCESSING_H

// WebRTC's audio processing module (Debian's libwebrtc-audio-processing 0.3) has a C++ interface only; Swift reaches
// it through these few C functions, which are all the package uses of it: noise suppression, a high-pass filter and
// the digital gain control, on mono float audio in blocks of 10 ms.

#ifdef __cplusplus
extern "C" {
#endif

/// One processing chain: its state (the noise estimate, the gain) carries from one block to the next.
typedef struct vr_audio_processing vr_audio_processing;

/// A chain for mono audio at `sample_rate` Hz. `suppression` is WebRTC's noise suppression level (0 low … 3 very
/// high); `target_level_dbfs` (0…31) is the level, in dB below full scale, the gain control aims speech at, and
/// `compression_gain_db` (0…90) the most it raises quiet speech. NULL when the library refuses a setting.
vr_audio_processing *vr_audio_processing_create(
    int sample_rate, int suppression, int target_level_dbfs, int compression_gain_db);

/// Processes one block of `sample_rate / 100` samples (-1…1) in place. 0 on success, else the library's error code.
int vr_audio_processing_run(vr_audio_processing *chain, float *samples);

/// Frees the chain. NULL is fine.
void vr_audio_processing_destroy(vr_audio_processing *chain);

#ifdef __cplusplus
}
#endif

#endif
